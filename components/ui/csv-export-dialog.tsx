'use client';
/**
 * The dialog of "Export CSV" (components/ui/csv-export.tsx): what a table has loaded, with an
 * optional date range read in the time-zone preference (the file's own times are UTC, ISO 8601).
 * The rows are never fetched again: the file holds exactly what the page showed at the press.
 */
import { clsx } from 'clsx';
import { useId, useMemo, useState } from 'react';
import { downloadText } from '@/lib/client/download';
import { usePrefs } from '@/lib/client/stores/prefs';
import { csvFileName, rowsInRange } from '@/lib/core/csv';
import { parseZonedInput, toZonedInput, zoneLabel } from '@/lib/core/format/zone';
import { formatDateTime } from '@/lib/features/wallets/time';
import { Button } from './button';
import { Dialog } from './dialog';
import { Field, TextInput } from './field';
import type { CsvExportProps } from './csv-export';
import { formatCount } from '@/lib/core/format/number';

export function CsvExportDialog<T>({
  noun,
  fileName,
  rows,
  timeOf,
  toCsv,
  open,
  onClose,
}: CsvExportProps<T> & { open: boolean; onClose: () => void }) {
  const id = useId();
  const zone = usePrefs((s) => s.tz);
  // The range as typed, one minute per end (read in the time-zone preference).
  const [text, setText] = useState({ from: '', to: '' });

  const span = useMemo(() => {
    let min = Infinity;
    let max = -Infinity;
    for (const r of rows) {
      const t = timeOf(r);
      if (t === null) continue;
      min = Math.min(min, t);
      max = Math.max(max, t);
    }
    return Number.isFinite(min) ? { min, max } : null;
  }, [rows, timeOf]);

  const from = text.from ? parseZonedInput(text.from, zone) : null;
  // `To` is inclusive to the end of its minute.
  const toStart = text.to ? parseZonedInput(text.to, zone) : null;
  const to = toStart === null ? null : toStart + 59;
  const badRange = from !== null && to !== null && from > to;
  const selected = useMemo(
    () => (badRange ? [] : rowsInRange(rows, timeOf, from, to)),
    [rows, timeOf, from, to, badRange],
  );

  const save = () => {
    downloadText(csvFileName(fileName), toCsv(selected));
    onClose();
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} title={`Export ${noun} as CSV`}>
        <div className="flex flex-col gap-3 text-13">
          <p className="text-muted">
            The {formatCount(rows.length)} {noun} loaded on this page
            {span
              ? `, from ${formatDateTime(span.min, zone)} to ${formatDateTime(span.max, zone)}`
              : ''}
            . Leave a bound empty to keep every row on that side. The range reads in{' '}
            {zoneLabel(zone)}; times in the file are UTC (ISO 8601).
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {(['from', 'to'] as const).map((side) => (
              <Field key={side} id={`${id}-${side}`} label={side === 'from' ? 'From' : 'To'}>
                <TextInput
                  id={`${id}-${side}`}
                  type="datetime-local"
                  value={text[side]}
                  min={side === 'from' && span ? toZonedInput(span.min, zone) : undefined}
                  max={side === 'to' && span ? toZonedInput(span.max, zone) : undefined}
                  onChange={(e) => setText({ ...text, [side]: e.target.value })}
                />
              </Field>
            ))}
          </div>
          <p
            role="status"
            data-testid="csv-count"
            className={clsx('num text-12', badRange ? 'text-down' : 'text-muted')}
          >
            {badRange
              ? '“From” is after “To”.'
              : `${formatCount(selected.length)} of ${formatCount(rows.length)} ${noun} in range.`}
          </p>
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => onClose()}>
              Cancel
            </Button>
            <Button size="sm" variant="primary" onClick={save} disabled={selected.length === 0}>
              Download {formatCount(selected.length)} rows
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
