/** Heights (%) of the chart's loading skeleton bars: a calm, chart-like silhouette. */
export const SKELETON_BARS = Array.from(
  { length: 48 },
  (_, i) => 30 + Math.round(18 * Math.sin(i / 5) + 10 * Math.sin(i / 1.7)),
);
