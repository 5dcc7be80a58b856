'use client';
import { Suspense, useEffect, useState, type ReactNode } from 'react';

/** Tells its boundary's owner that the boundary has hydrated (or mounted, on a client navigation). */
function Hydrated({ onHydrated }: { onHydrated: (hydrated: true) => void }) {
  useEffect(() => onHydrated(true), [onHydrated]);
  return null;
}

/**
 * A Suspense boundary that React hydrates in a pass of its own, after the rest of the page, so no
 * single task carries both; the content keeps the props it was server-rendered with until then.
 *
 * Why the second half: React streams a large boundary after the page's shell and reveals it a frame
 * (or up to 300 ms) later. An update reaching the boundary before that reveal (a parent re-rendered
 * because a stored wallet's trades arrived, say) makes React throw the server's HTML away and render
 * the content again in the browser, while the streamed copy waits, hidden, for the reveal: the page
 * holds the content twice for a moment, and the server's rendering was wasted. So until the content
 * has hydrated, the boundary is the element of the first render (React skips an unchanged element);
 * the next render after hydration brings the current props. `tests/e2e/hydrate-apart.spec.ts`.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  const boundary = (
    <Suspense>
      <Hydrated onHydrated={setHydrated} />
      {children}
    </Suspense>
  );
  const [first] = useState(boundary);
  return hydrated ? boundary : first;
}
