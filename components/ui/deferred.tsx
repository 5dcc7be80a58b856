'use client';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterLoadIdle } from '@/lib/client/after-load-idle';
import { Panel } from './panel';

/** How long after the page's load a deferred panel renders even if nobody scrolls to it. */
const IDLE_TIMEOUT_MS = 2_500;

/**
 * A panel below what the page shows first: the server and the hydration pass render `placeholder`
 * (a fixed-size stand-in, so nothing moves when the panel arrives); the panel itself renders when
 * it comes within a screen of the viewport, or once the browser is idle after the page's load,
 * whichever is first, and in a transition, so its rendering is cut into slices that never block
 * the page. Pair it with `next/dynamic` to keep the panel's code out of the page's first script.
 */
export function Deferred({
  placeholder,
  children,
}: {
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let done = false;
    let observer: IntersectionObserver | null = null;
    const show = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      startTransition(() => setShown(true));
    };
    observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
            rootMargin: '100% 0px',
          })
        : null;
    observer?.observe(el);
    // Idle after the load: a keyboard or screen reader user reaches the panel without scrolling.
    const cancelIdle = afterLoadIdle(show, IDLE_TIMEOUT_MS);
    return () => {
      done = true;
      observer?.disconnect();
      cancelIdle();
    };
  }, []);

  // `data-deferred`: still the placeholder (a page has settled once none is left; tests/e2e/budgets.spec.ts).
  return shown ? (
    children
  ) : (
    <div ref={ref} data-deferred="">
      {placeholder}
    </div>
  );
}

/** The stand-in of a deferred panel: its title and its height, a quiet block below. */
export function PanelPlaceholder({ title, height }: { title: string; height: number }) {
  return (
    <Panel title={title}>
      <div style={{ height }} className="p-3">
        <div
          aria-hidden
          className="sheen relative h-full w-full rounded-[3px] bg-raised opacity-50"
        />
        <span className="sr-only">Loading…</span>
      </div>
    </Panel>
  );
}
