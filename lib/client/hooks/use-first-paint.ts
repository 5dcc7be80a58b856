'use client';
import { startTransition, useEffect, useState } from 'react';
import { afterLoadIdle } from '../after-load-idle';
import { whenPainted } from '../first-paint';

/**
 * When work that can wait may start: once the page's first frame is shown (lib/client/first-paint.ts),
 * or later, once the loaded page has an idle moment (lib/client/after-load-idle.ts).
 */
export type StartMoment = 'paint' | 'idle';

/** The latest an idle moment is waited for after the load (a live page may never idle). */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * False on the server, in the hydration pass and until `moment` has come; then true for good (a
 * later moment asked for after that changes nothing). Every component starts from false, as the
 * server rendered it, and switches in a transition, rendered in slices: what waited never blocks
 * the page once it is shown either (on a page the app navigates to later, the switch comes right
 * after mounting). What waits for the idle moment is apart from the first frame's burst of work.
 */
export function useStartAfter(moment: StartMoment): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const start = () => startTransition(() => setReady(true));
    return moment === 'paint' ? whenPainted(start) : afterLoadIdle(start, IDLE_TIMEOUT_MS);
  }, [moment, ready]);
  return ready;
}

/** `useStartAfter('paint')`: true once the page's first frame is shown. */
export function useFirstPaint(): boolean {
  return useStartAfter('paint');
}
