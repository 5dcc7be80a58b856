'use client';
/**
 * The pool chart's price lines: the line tool (click the chart to add one; Alt+H adds one at the
 * last price), and a panel that lists the pool's lines with their price, alert and delete, so every
 * action on the chart has a keyboard way too. The lines themselves are drawn and dragged by
 * lib/chart/draw/price-lines.ts; they are kept per pool in the browser (lib/features/alerts/store.ts).
 */
import { clsx } from 'clsx';
import Link from 'next/link';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ChartController } from '@/lib/chart/draw/controller';
import { PriceLineLayer } from '@/lib/chart/draw/price-lines';
import {
  CONDITION_LABELS,
  alreadyPast,
  type AlertCondition,
  type PoolTarget,
} from '@/lib/features/alerts/model';
import { poolEntries, useAlerts } from '@/lib/features/alerts/store';
import { formatLevel, formatNear } from '@/lib/core/format/price';
import { levelUnit, readPrice } from '@/lib/features/alerts/text';
import { askNotifyPermission, notifyPermission } from '@/lib/features/alerts/notify';
import { addLineOrSay } from '@/lib/features/alerts/toasts';
import { formatClock } from '@/lib/chart/rules/time-format';
import type { TimeZoneMode } from '@/lib/chart/rules/time-format';
import { PushSwitch } from '@/components/alerts/push-switch';
import { AlreadyPast, fireNow } from '@/components/alerts/already-past';
import { usePrefs } from '@/lib/client/stores/prefs';
import { usePopover } from './use-popover';
import { LinesButton, PriceLineButton } from './toolbar-placeholders';

const ALERT_OPTIONS: readonly { value: AlertCondition | 'none'; label: string }[] = [
  { value: 'none', label: 'No alert' },
  { value: 'up', label: CONDITION_LABELS.up },
  { value: 'down', label: CONDITION_LABELS.down },
  { value: 'cross', label: CONDITION_LABELS.cross },
];

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** What the price lines work on; components/chart/lazy-price-lines.tsx takes the same. */
export type PriceLinesProps = {
  controller: ChartController | null;
  pool: PoolTarget;
  tz: TimeZoneMode;
  /** Alt+H adds a line at the last price (off where several charts share the page: the workspace) */
  hotkey?: boolean;
};

export function PriceLinesControl({ controller, pool, tz, hotkey = true }: PriceLinesProps) {
  // The lines take the theme's colours: a new theme redraws them.
  const theme = usePrefs((s) => s.theme);
  const entries = useAlerts(useShallow((s) => poolEntries(s.entries, pool)));
  const { movePrice, setAlert, rearm, remove } = useAlerts.getState();
  const [adding, setAdding] = useState(false);
  const { open, setOpen, root, panelId, trigger, onKeyDown } = usePopover();
  const [permission, setPermission] = useState<string>('default');
  // Alerts armed with their level already behind the price: the price then, until answered.
  const [asking, setAsking] = useState<Readonly<Record<string, number>>>({});
  const unit = levelUnit(pool);
  const layerRef = useRef<PriceLineLayer | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // The panel shows a new or clicked line with its price ready to type, once it has rendered.
  const focusLine = (id: string) => {
    setOpen(true);
    setPermission(notifyPermission());
    requestAnimationFrame(() => {
      const input = root.current?.querySelector<HTMLInputElement>(`[data-line-id="${id}"] input`);
      input?.focus();
      input?.select();
    });
  };

  const add = (price: number) => addLineOrSay(pool, price);

  // The layer's and the keyboard's callbacks read this render's pool and controller.
  const onLayerAdd = useEffectEvent((price: number) => {
    add(price);
    setAdding(false);
  });
  const onLayerSelect = useEffectEvent(focusLine);
  // Alt+H: a line at the last price (as in the terminals traders know); Escape leaves the tool.
  const onWindowKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.key === 'Escape') setAdding(false);
    if (!hotkey || !e.altKey || e.ctrlKey || e.metaKey || e.code !== 'KeyH' || isTyping(e.target))
      return;
    const last = controller?.lastClose();
    if (last == null) return;
    e.preventDefault();
    const result = add(last);
    if (result.ok) focusLine(result.id);
  });

  // The layer lives as long as the chart.
  useEffect(() => {
    if (!controller) return;
    const layer = new PriceLineLayer({
      onAdd: (price) => onLayerAdd(price),
      onMove: (id, price) => movePrice(id, price),
      onSelect: (id) => onLayerSelect(id),
    });
    layerRef.current = layer;
    const remove = controller.addLayer(layer);
    return () => {
      remove();
      layerRef.current = null;
    };
  }, [controller, movePrice]);

  const specs = useMemo(
    () => entries.map((e) => ({ id: e.id, price: e.price, alert: e.alert })),
    [entries],
  );
  useEffect(() => layerRef.current?.setLines(specs), [specs, controller]);
  useEffect(() => layerRef.current?.setAdding(adding), [adding, controller]);
  useEffect(() => {
    // The theme's variables land on <html> in an effect of their own.
    const frame = requestAnimationFrame(() => layerRef.current?.refresh());
    return () => cancelAnimationFrame(frame);
  }, [theme]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => onWindowKey(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // On a phone the toolbar wraps: the panel moves left as far as it must to stay on screen.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const wrap = root.current;
    if (!open || !panel || !wrap) return;
    panel.style.left = '0px';
    const over = panel.getBoundingClientRect().right - (document.documentElement.clientWidth - 8);
    if (over > 0) panel.style.left = `${-Math.min(over, wrap.getBoundingClientRect().left - 8)}px`;
  }, [open, root]);

  const arm = (id: string, value: string) => {
    if (value === 'none') {
      setAlert(id, null);
      return;
    }
    const condition = value as AlertCondition;
    setAlert(id, condition);
    // Said at once: an alert for a rise to a level the price is already over would wait for it to
    // fall back first. The trader chooses.
    const entry = entries.find((e) => e.id === id);
    const last = controller?.lastClose() ?? null;
    if (entry && last !== null && alreadyPast(condition, entry.price, last))
      setAsking((a) => ({ ...a, [id]: last }));
    else setAsking(({ [id]: _, ...rest }) => rest);
    // Asked now, at the click that makes an alert, never on page load.
    void askNotifyPermission().then(setPermission);
  };

  const answer = (id: string, fire: boolean) => {
    const price = asking[id];
    setAsking(({ [id]: _, ...rest }) => rest);
    const entry = useAlerts.getState().entries.find((e) => e.id === id);
    if (fire && entry?.alert && entry.alert.firedAt === null && price !== undefined)
      fireNow(entry, controller?.lastClose() ?? price);
  };

  const commitPrice = (id: string, input: HTMLInputElement) => {
    const price = readPrice(input.value);
    const entry = entries.find((e) => e.id === id);
    if (price === null || !entry) {
      if (entry) input.value = formatLevel(entry.price);
      return;
    }
    if (price !== entry.price) movePrice(id, price);
  };

  const armed = entries.filter((e) => e.alert && e.alert.firedAt === null).length;

  return (
    <div ref={root} className="relative flex items-center gap-1.5" onKeyDown={onKeyDown}>
      <PriceLineButton
        adding={adding}
        aria-pressed={adding}
        disabled={!controller}
        onClick={() => setAdding((a) => !a)}
        title={`Price line: click the chart to add one${hotkey ? ' (Alt+H adds one at the last price)' : ''}`}
      />
      <LinesButton
        {...trigger}
        count={entries.length}
        armed={armed}
        onClick={() => {
          setPermission(notifyPermission());
          trigger.onClick();
        }}
        title="The price lines and alerts of this pool"
      />
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label="Price lines"
          className="absolute left-0 top-8 z-40 w-[min(340px,calc(100vw-32px))] rounded-md border border-border bg-panel p-2 shadow-lg"
        >
          {entries.length === 0 ? (
            <p className="px-1 py-2 text-12 text-muted">
              No lines on this chart. Turn on Price line and click the chart
              {hotkey ? ', or press Alt+H.' : ', or add one at the last price.'}
            </p>
          ) : (
            <ul className="mb-2 space-y-1.5" aria-label="Lines on the chart">
              {entries.map((e) => {
                const fired = e.alert?.firedAt != null;
                const levelLabel = formatLevel(e.price);
                return (
                  <li
                    key={e.id}
                    data-line-id={e.id}
                    className="rounded border border-border/60 p-1.5"
                  >
                    <div className="flex items-center gap-1.5 text-12">
                      <span
                        aria-hidden
                        className={clsx(
                          'h-0.5 w-3 shrink-0',
                          !e.alert ? 'bg-accent' : fired ? 'bg-faint' : 'bg-warn',
                        )}
                      />
                      <label className="flex min-w-0 flex-1 items-center gap-1">
                        <span className="sr-only">Line price{unit ? ` in ${unit}` : ''}</span>
                        <input
                          key={e.price}
                          type="text"
                          inputMode="decimal"
                          autoComplete="off"
                          defaultValue={levelLabel}
                          onBlur={(ev) => commitPrice(e.id, ev.currentTarget)}
                          onKeyDown={(ev) => {
                            if (ev.key === 'Enter') commitPrice(e.id, ev.currentTarget);
                          }}
                          className="num h-6 w-full min-w-0 rounded border border-border bg-bg px-1.5 text-right text-text"
                        />
                        {unit && (
                          <span aria-hidden className="shrink-0 text-2xs text-muted">
                            {unit}
                          </span>
                        )}
                      </label>
                      <label className="shrink-0">
                        <span className="sr-only">Alert for the line at {levelLabel}</span>
                        <select
                          value={e.alert ? e.alert.condition : 'none'}
                          onChange={(ev) => arm(e.id, ev.currentTarget.value)}
                          className="h-6 rounded border border-border bg-bg px-1 text-11 text-text"
                        >
                          {ALERT_OPTIONS.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                      </label>
                      <button
                        type="button"
                        onClick={() => remove(e.id)}
                        aria-label={`Delete the line at ${levelLabel}`}
                        title="Delete"
                        className="grid h-6 w-6 shrink-0 place-items-center rounded text-muted hover:bg-raised hover:text-down"
                      >
                        ×
                      </button>
                    </div>
                    {e.alert && (
                      <p className="mt-1 flex items-center justify-between gap-2 pl-[18px] text-2xs text-muted">
                        {fired ? (
                          <>
                            <span data-testid="line-state">
                              Fired {formatClock(Math.floor((e.alert.firedAt ?? 0) / 1000), tz)} at{' '}
                              <span className="num text-text">
                                {formatNear(e.alert.firedPrice ?? 0, e.price)}
                                {unit ? ` ${unit}` : ''}
                              </span>
                            </span>
                            <button
                              type="button"
                              onClick={() => rearm(e.id)}
                              className="rounded px-1 text-accent hover:underline"
                            >
                              Re-arm
                            </button>
                          </>
                        ) : (
                          <span data-testid="line-state">
                            Armed · {CONDITION_LABELS[e.alert.condition].toLowerCase()} on the live
                            price
                          </span>
                        )}
                      </p>
                    )}
                    {e.alert && !fired && asking[e.id] !== undefined && (
                      <AlreadyPast
                        level={levelLabel}
                        price={formatNear(asking[e.id] ?? 0, e.price)}
                        unit={unit}
                        side={alreadyPast(e.alert.condition, e.price, asking[e.id]) ?? 'above'}
                        onAnswer={(fire) => answer(e.id, fire)}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <div className="flex items-center justify-between gap-2 border-t border-border pt-2">
            <button
              type="button"
              disabled={!controller}
              onClick={() => {
                const last = controller?.lastClose();
                if (last == null) return;
                const result = add(last);
                if (result.ok) focusLine(result.id);
              }}
              className="h-7 rounded border border-border bg-panel px-2 text-11 font-medium text-text hover:bg-raised disabled:opacity-50"
            >
              Add at last price
              {hotkey && ' '}
              {hotkey && <kbd className="ml-1 text-2xs text-muted">Alt+H</kbd>}
            </button>
            <Link href="/alerts" prefetch={false} className="text-12 text-accent hover:underline">
              All alerts →
            </Link>
          </div>
          <div className="mt-2 border-t border-border">
            <PushSwitch which="prices" />
          </div>
          {permission === 'denied' && entries.some((e) => e.alert) && (
            <p className="mt-2 text-2xs text-muted">
              Browser notifications are blocked for this site: alerts show here as messages only.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
