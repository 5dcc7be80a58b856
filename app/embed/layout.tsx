import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/**
 * The widget's own layout: no app header, no providers. It lives inside other sites' frames, so it
 * loads only what the chart needs (see README, "Embedding a pool chart", for the measured budget).
 */
export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

export default function EmbedLayout({ children }: { children: ReactNode }) {
  return children;
}
