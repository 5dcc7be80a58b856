'use client';
import { useId } from 'react';
import {
  DEFAULT_PERIOD,
  MAX_PERIOD,
  MAX_STUDIES,
  MIN_PERIOD,
  OVERLAY,
  STUDY_LABEL,
  formatStudy,
  type StudyKind,
  type StudySpec,
} from '@/lib/features/chart/studies';
import { usePopover } from './use-popover';

const KINDS: readonly { kind: StudyKind; title: string }[] = [
  { kind: 'sma', title: 'Simple moving average' },
  { kind: 'ema', title: 'Exponential moving average' },
  { kind: 'bb', title: 'Bollinger Bands (2σ)' },
  { kind: 'vwap', title: 'Volume-weighted average price, per UTC day' },
  { kind: 'rsi', title: 'Relative strength index, in a pane of its own' },
  { kind: 'macd', title: 'MACD 12 26 9, in a pane of its own' },
];

/** A period for a new study of `kind` that is not on the chart yet (EMA 20, then EMA 50, …). */
function freshPeriod(kind: StudyKind, studies: readonly StudySpec[]): number {
  const taken = new Set(studies.filter((s) => s.kind === kind).map((s) => s.period));
  for (const p of [DEFAULT_PERIOD[kind], 50, 100, 200, 9, 10]) if (!taken.has(p)) return p;
  return DEFAULT_PERIOD[kind];
}

/**
 * The chart's indicators: a button with how many are on, and a panel to add one (SMA, EMA, BB,
 * VWAP on the price; RSI, MACD in panes of their own), change a period or remove one. Every change
 * goes to the URL (`studies=`), so a shared link shows the same chart.
 */
export function StudiesControl({
  studies,
  onChange,
}: {
  studies: readonly StudySpec[];
  onChange: (studies: StudySpec[]) => void;
}) {
  const { open, setOpen, root, button, onKeyDown } = usePopover();
  const panelId = useId();

  const add = (kind: StudyKind) => {
    const spec: StudySpec =
      kind === 'macd'
        ? { kind, period: 12, slow: 26, signal: 9 }
        : { kind, period: kind === 'vwap' ? 0 : freshPeriod(kind, studies) };
    if (studies.some((s) => formatStudy(s) === formatStudy(spec))) return;
    onChange([...studies, spec].slice(0, MAX_STUDIES));
  };
  const setPeriod = (i: number, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < MIN_PERIOD || n > MAX_PERIOD) return;
    const next = studies.map((s, j) => (j === i ? { ...s, period: n } : s));
    const keys = next.map(formatStudy);
    if (new Set(keys).size !== keys.length) return;
    onChange(next);
  };

  return (
    <div ref={root} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        title="Indicators"
        className={`h-7 rounded border border-border px-2 text-[11px] font-medium ${studies.length > 0 ? 'bg-raised text-text' : 'bg-panel text-muted hover:text-text'}`}
      >
        Indicators{studies.length > 0 ? ` · ${studies.length}` : ''}
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label="Indicators"
          className="absolute left-0 top-8 z-40 w-64 rounded-md border border-border bg-panel p-2 shadow-lg"
        >
          {studies.length > 0 && (
            <ul className="mb-2 space-y-1" aria-label="On the chart">
              {studies.map((s, i) => (
                <li key={formatStudy(s)} className="flex items-center gap-2 text-[12px]">
                  <span className="w-12 font-medium">{STUDY_LABEL[s.kind]}</span>
                  {s.kind === 'vwap' ? (
                    <span className="flex-1 text-muted">daily</span>
                  ) : (
                    <label className="flex flex-1 items-center gap-1 text-muted">
                      <span className="sr-only">{STUDY_LABEL[s.kind]} period</span>
                      <input
                        type="number"
                        inputMode="numeric"
                        min={MIN_PERIOD}
                        max={MAX_PERIOD}
                        defaultValue={s.period}
                        onBlur={(e) => setPeriod(i, e.currentTarget.value)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') setPeriod(i, e.currentTarget.value);
                        }}
                        className="num h-6 w-16 rounded border border-border bg-bg px-1.5 text-text"
                      />
                      {s.kind === 'macd' && <span>{`${s.slow ?? 26} ${s.signal ?? 9}`}</span>}
                    </label>
                  )}
                  <span className="text-2xs text-muted">{OVERLAY[s.kind] ? 'price' : 'pane'}</span>
                  <button
                    type="button"
                    onClick={() => onChange(studies.filter((_, j) => j !== i))}
                    aria-label={`Remove ${STUDY_LABEL[s.kind]}${s.kind === 'vwap' ? '' : ` ${s.period}`}`}
                    className="grid h-6 w-6 place-items-center rounded text-muted hover:bg-raised hover:text-text"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="grid grid-cols-3 gap-1" aria-label="Add an indicator" role="group">
            {KINDS.map(({ kind, title }) => (
              <button
                key={kind}
                type="button"
                title={title}
                disabled={studies.length >= MAX_STUDIES}
                onClick={() => add(kind)}
                className="h-7 rounded border border-border bg-panel text-[11px] font-medium text-text hover:bg-raised disabled:opacity-50"
              >
                + {STUDY_LABEL[kind]}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
