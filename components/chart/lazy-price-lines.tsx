'use client';
import type { MouseEventParams } from 'lightweight-charts';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { poolEntries, useAlerts } from '@/lib/features/alerts/store';
import { addLineOrSay } from '@/lib/features/alerts/toasts';
import type { ChartController } from '@/lib/chart/draw/controller';
import type { LayerContext } from '@/lib/chart/draw/chart-layer';
import { clickedPrice } from '@/lib/chart/draw/click-price';
import type { PriceLinesProps } from './price-lines-control';
import { useStore, type Store } from './snapshot-store';
import { LinesButton, PriceLineButton, PriceLinesPlaceholder } from './toolbar-placeholders';

const load = () => import('./price-lines-control');
const PriceLinesControl = lazy(() => load().then((m) => ({ default: m.PriceLinesControl })));

/** Runs `onMount` once its children's effects have run (children's effects come first). */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  const done = useRef(onMount);
  useEffect(() => done.current(), []);
  return children;
}

/** What the press that loads the control asked for; `done` once it was handed over or done here. */
type Intent = 'tool' | 'list' | 'key' | 'done' | null;

/**
 * The price lines' tool, list and layer (components/chart/price-lines-control.tsx) load when they
 * have something to do: this pool has lines in this browser, or the trader reaches for them (a
 * press on Price line or Lines, or Alt+H). Until then the two buttons are drawn here, live; the
 * press that loads the control is handed to it once it is there. A click on the chart after a press
 * on Price line and before the tool is there adds its line here, so a quick trader loses no click.
 */
export function LazyPriceLines({
  controllerStore,
  pool,
  tz,
  hotkey = true,
}: Omit<PriceLinesProps, 'controller'> & {
  /** the chart's controller once created: only these buttons render when it comes or goes */
  controllerStore: Store<ChartController | null>;
}) {
  const controller = useStore(controllerStore);
  const stored = useAlerts((s) => poolEntries(s.entries, pool).length > 0);
  const [intent, setIntent] = useState<Intent>(null);
  const wanted = stored || intent !== null;
  const wrap = useRef<HTMLSpanElement>(null);

  // Alt+H before the control is here: load it, and press the keys again for it then.
  useEffect(() => {
    if (wanted || !hotkey) return;
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.code !== 'KeyH') return;
      const t = e.target;
      if (
        t instanceof HTMLElement &&
        (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))
      )
        return;
      e.preventDefault();
      setIntent('key');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wanted, hotkey]);

  // Price line pressed, its tool not there yet: the first click on the price pane is the line's.
  useEffect(() => {
    if (intent !== 'tool' || !controller) return;
    let chart: LayerContext['chart'] | null = null;
    let series: LayerContext['series'] | null = null;
    const onClick = (param: MouseEventParams) => {
      const price = series && clickedPrice(param, series);
      if (price == null) return;
      addLineOrSay(pool, price);
      setIntent('done');
    };
    return controller.addLayer({
      attach: (context) => {
        chart?.unsubscribeClick(onClick);
        ({ chart, series } = context);
        chart.subscribeClick(onClick);
      },
      detach: () => chart?.unsubscribeClick(onClick),
    });
  }, [intent, controller, pool]);

  const handOver = () => {
    setIntent('done');
    if (intent === 'key') {
      window.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'h', code: 'KeyH', altKey: true, bubbles: true }),
      );
      return;
    }
    // The control draws its two buttons in this order (Price line, then Lines).
    const buttons = wrap.current?.querySelectorAll<HTMLButtonElement>(':scope > div > button');
    const target = intent === 'tool' ? buttons?.[0] : intent === 'list' ? buttons?.[1] : null;
    target?.click();
    target?.focus();
  };

  if (!wanted || !controller)
    return (
      <span className="relative flex items-center gap-1.5">
        <PriceLineButton
          adding={false}
          disabled={!controller}
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
          onClick={() => setIntent('tool')}
          title={`Price line: click the chart to add one${hotkey ? ' (Alt+H adds one at the last price)' : ''}`}
        />
        <LinesButton
          count={0}
          armed={0}
          aria-expanded={false}
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
          onClick={() => setIntent('list')}
          title="The price lines and alerts of this pool"
        />
      </span>
    );
  return (
    <span ref={wrap} className="contents">
      <Suspense fallback={<PriceLinesPlaceholder />}>
        <Mounted onMount={handOver}>
          <PriceLinesControl controller={controller} pool={pool} tz={tz} hotkey={hotkey} />
        </Mounted>
      </Suspense>
    </span>
  );
}
