/**
 * A comma-separated parameter of the pool page and the widget (`compare=`, `studies=`): its entries
 * in order, each read by `read` (null drops it), each once by `key` (keys in `exclude` are dropped
 * too), at most `max` of them, from the first `maxLength` characters. Anything else is dropped, so a
 * hand-edited link never breaks the chart.
 */
export function parseListParam<T>(
  raw: string | null | undefined,
  {
    maxLength,
    max,
    read,
    key,
    exclude = [],
  }: {
    maxLength: number;
    max: number;
    read: (part: string) => T | null;
    key: (item: T) => string;
    exclude?: readonly string[];
  },
): T[] {
  if (!raw) return [];
  const out: T[] = [];
  const seen = new Set<string>(exclude);
  for (const part of raw.slice(0, maxLength).split(',')) {
    const item = read(part);
    if (item === null) continue;
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
    if (out.length === max) break;
  }
  return out;
}
