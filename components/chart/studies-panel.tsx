'use client';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import {
  DEFAULT_BB_WIDTH,
  DEFAULT_PERIOD,
  MAX_PERIOD,
  MAX_STUDIES,
  MIN_PERIOD,
  OVERLAY,
  STUDY_LABEL,
  checkBbWidth,
  checkPeriod,
  formatStudy,
  studyLabel as label,
  type StudyKind,
  type StudySpec,
} from '@/lib/chart/rules/studies';
import { POPOVER_PANEL } from './use-popover';

const KINDS: readonly { kind: StudyKind; title: string }[] = [
  { kind: 'sma', title: 'Simple moving average' },
  { kind: 'ema', title: 'Exponential moving average' },
  { kind: 'bb', title: 'Bollinger Bands (20, 2 standard deviations)' },
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

type Field = 'period' | 'width';
const INPUT =
  'num h-7 rounded border bg-bg px-1.5 text-text aria-[invalid=true]:border-down sm:h-6';

/**
 * One indicator's row: its period (and the bands' width) as typed. A value that is not one is
 * kept in the field with a sentence saying why, and not applied: the chart keeps the last good
 * one and the sentence says so.
 */
function StudyRow({
  spec,
  index,
  onCommit,
  onRemove,
}: {
  spec: StudySpec;
  index: number;
  /** the row's spec with the typed value, or a reason it cannot be */
  onCommit: (index: number, next: StudySpec, field: Field) => string | null;
  onRemove: (index: number) => void;
}) {
  const id = useId();
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  const name = STUDY_LABEL[spec.kind];

  const commit = (field: Field, text: string) => {
    const checked = field === 'period' ? checkPeriod(text) : checkBbWidth(text);
    if (!checked.ok) return setError({ field, text: checked.reason });
    const next =
      field === 'period' ? { ...spec, period: checked.value } : { ...spec, width: checked.value };
    if (formatStudy(next) === formatStudy(spec)) return setError(null);
    const refused = onCommit(index, next, field);
    setError(refused ? { field, text: refused } : null);
  };
  const input = (field: Field) => ({
    'data-field': field,
    'aria-invalid': error?.field === field ? true : undefined,
    'aria-describedby': error?.field === field ? `${id}-error` : undefined,
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => commit(field, e.currentTarget.value),
    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') commit(field, e.currentTarget.value);
    },
  });

  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 text-12" data-row={index}>
      <span className="w-10 shrink-0 font-medium">{name}</span>
      {spec.kind === 'vwap' ? (
        <span className="flex-1 text-muted">daily</span>
      ) : (
        <span className="flex flex-1 items-center gap-1.5 text-muted">
          <label className="flex items-center">
            <span className="sr-only">{name} period</span>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={spec.period}
              title={`Period: ${MIN_PERIOD} to ${MAX_PERIOD} bars`}
              className={clsx(INPUT, 'w-14')}
              {...input('period')}
            />
          </label>
          {spec.kind === 'bb' && (
            <label className="flex items-center gap-0.5">
              <span className="sr-only">{name} width in standard deviations</span>
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={spec.width ?? DEFAULT_BB_WIDTH}
                title="Width: standard deviations from the mean"
                className={clsx(INPUT, 'w-12')}
                {...input('width')}
              />
              <span aria-hidden>σ</span>
            </label>
          )}
          {spec.kind === 'macd' && <span>{`${spec.slow ?? 26} ${spec.signal ?? 9}`}</span>}
        </span>
      )}
      <span className="text-2xs text-muted">{OVERLAY[spec.kind] ? 'price' : 'pane'}</span>
      <button
        type="button"
        data-remove
        onClick={() => onRemove(index)}
        aria-label={`Remove ${label(spec)}`}
        className="grid h-7 w-7 shrink-0 place-items-center rounded text-muted hover:bg-raised hover:text-text sm:h-6 sm:w-6"
      >
        ×
      </button>
      {error && (
        <p id={`${id}-error`} role="alert" className="basis-full text-2xs text-down">
          {error.text} The chart keeps {label(spec)}.
        </p>
      )}
    </li>
  );
}

/** The Indicators panel (components/chart/studies-control.tsx opens it). */
export function StudiesPanel({
  id,
  studies,
  onChange,
  alignEnd = false,
}: {
  id: string;
  studies: readonly StudySpec[];
  onChange: (studies: StudySpec[]) => void;
  /** from `sm` up, under the button's right end (a workspace cell's header: it stays in the cell) */
  alignEnd?: boolean;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // Where the focus goes once the list has re-rendered: a changed row is a new row (its key is
  // its spec), a removed row is gone; the focus stays in the panel so Escape still closes it.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const selector = focusNext.current;
    focusNext.current = null;
    if (!selector) return;
    const el =
      panel.current?.querySelector<HTMLElement>(selector) ??
      panel.current?.querySelector<HTMLElement>('[data-add]:not(:disabled)');
    el?.focus();
  });

  const add = (kind: StudyKind) => {
    const spec: StudySpec =
      kind === 'macd'
        ? { kind, period: 12, slow: 26, signal: 9 }
        : kind === 'bb'
          ? { kind, period: freshPeriod(kind, studies), width: DEFAULT_BB_WIDTH }
          : { kind, period: kind === 'vwap' ? 0 : freshPeriod(kind, studies) };
    if (studies.some((s) => formatStudy(s) === formatStudy(spec))) return;
    onChange([...studies, spec].slice(0, MAX_STUDIES));
  };
  const commit = (i: number, next: StudySpec, field: Field): string | null => {
    const list = studies.map((s, j) => (j === i ? next : s));
    if (studies.some((s, j) => j !== i && formatStudy(s) === formatStudy(next)))
      return `${label(next)} is already on the chart.`;
    focusNext.current = `[data-row="${i}"] [data-field="${field}"]`;
    onChange(list);
    return null;
  };
  const remove = (i: number) => {
    const left = studies.length - 1;
    focusNext.current =
      left > 0 ? `[data-row="${Math.min(i, left - 1)}"] [data-remove]` : '[data-add]';
    onChange(studies.filter((_, j) => j !== i));
  };

  return (
    <div
      ref={panel}
      id={id}
      role="group"
      aria-label="Indicators"
      tabIndex={-1}
      className={clsx(
        alignEnd ? POPOVER_PANEL.replace('sm:left-0', 'sm:right-0') : POPOVER_PANEL,
        'sm:w-72',
      )}
    >
      {studies.length > 0 && (
        <ul className="mb-2 space-y-1.5" aria-label="On the chart">
          {studies.map((s, i) => (
            <StudyRow key={formatStudy(s)} spec={s} index={i} onCommit={commit} onRemove={remove} />
          ))}
        </ul>
      )}
      <div className="grid grid-cols-3 gap-1" aria-label="Add an indicator" role="group">
        {KINDS.map(({ kind, title }) => (
          <button
            key={kind}
            type="button"
            data-add
            title={title}
            disabled={studies.length >= MAX_STUDIES}
            onClick={() => add(kind)}
            className="h-8 rounded border border-border bg-panel text-11 font-medium text-text hover:bg-raised disabled:opacity-50 sm:h-7"
          >
            + {STUDY_LABEL[kind]}
          </button>
        ))}
      </div>
    </div>
  );
}
