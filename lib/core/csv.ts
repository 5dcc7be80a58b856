/**
 * CSV as spreadsheets read it (RFC 4180: CRLF rows, quoted cells where needed) and safe to open: a
 * text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) gets a leading quote.
 */
export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The inverse, for tests and round trips: a CSV text back into rows of strings. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** `name-2026-11-25-21-04-05.csv`: a file name that sorts by time and is safe on every OS. */
export function csvFileName(name: string, now = new Date()): string {
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
}

/** The rows whose time lies in [from, to] (Unix seconds, either open); a row without a time only when both are. */
export function rowsInRange<T>(
  rows: readonly T[],
  timeOf: (row: T) => number | null,
  from: number | null,
  to: number | null,
): T[] {
  if (from === null && to === null) return [...rows];
  return rows.filter((r) => {
    const t = timeOf(r);
    return t !== null && (from === null || t >= from) && (to === null || t <= to);
  });
}
