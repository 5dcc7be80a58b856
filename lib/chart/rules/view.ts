/**
 * The first view of a chart's history. The usual one is the latest bars at a fixed spacing with a
 * small margin on the right (as terminals open). A short history (a young pool, or 1Y candles: a few
 * bars) would sit at the right edge of an empty pane: such bars are spread to fill the pane, up to a
 * readable width, and centred. Free of the chart library: logical indexes are bar positions.
 */

export const BAR_SPACING = 7;
export const RIGHT_OFFSET = 6;
/** wider than this a candle stops reading as a candle */
const MAX_FEW_SPACING = 40;

/** The logical range that shows `bars` bars spread over `paneWidth` px; null when the usual view fills it. */
export function fewBarsRange(bars: number, paneWidth: number): { from: number; to: number } | null {
  if (bars <= 0 || !(paneWidth > 0)) return null;
  // The usual view: spacing × (bars + right offset). It fills the pane: nothing to do.
  if ((bars + RIGHT_OFFSET) * BAR_SPACING >= paneWidth) return null;
  // One bar's margin on each side, bars no wider than MAX_FEW_SPACING.
  const spacing = Math.min(MAX_FEW_SPACING, paneWidth / (bars + 2));
  const span = paneWidth / spacing;
  const from = (bars - 1) / 2 - span / 2;
  return { from, to: from + span };
}
