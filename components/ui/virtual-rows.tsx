/**
 * The pieces the virtual tables share (Markets' tokens, the pool's trades, the Wallets feed): a real
 * <table> whose rendered rows sit between two spacer rows holding the room of the rows not rendered.
 */

/** The room above and below the rendered rows (px), from the virtualiser's items and total size. */
export function virtualPadding(
  items: readonly { start: number; end: number }[],
  totalSize: number,
): { top: number; bottom: number } {
  const last = items[items.length - 1];
  return { top: items[0]?.start ?? 0, bottom: last ? totalSize - last.end : 0 };
}

/**
 * The virtualiser's items with their rows, in order. An item past the end of the rows (for one
 * render after the list shrank) has none and is left out.
 */
export function withRows<I extends { index: number }, T>(
  items: readonly I[],
  rows: readonly T[],
): { item: I; row: T }[] {
  return items.flatMap((item) => {
    const row = rows[item.index];
    return row ? [{ item, row }] : [];
  });
}

/** A row standing for the rows above or below those rendered; nothing when there are none. */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={columns} />
    </tr>
  );
}
