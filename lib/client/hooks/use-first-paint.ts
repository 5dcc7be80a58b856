'use client';
import { startTransition, useEffect, useState } from 'react';
import { whenPainted } from '../first-paint';

/**
 * False on the server, in the hydration pass and until the page's first frame is shown
 * (lib/client/first-paint.ts); then true. Every component starts from false, as the server rendered
 * it, and switches in a transition, rendered in slices: what waited never blocks the page once it is
 * shown either (on a page the app navigates to later, the switch comes right after mounting).
 */
export function useFirstPaint(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => whenPainted(() => startTransition(() => setShown(true))), []);
  return shown;
}
