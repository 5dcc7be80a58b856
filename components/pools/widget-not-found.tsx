'use client';
import { useEffect, useRef } from 'react';
import { postToHost, useHostHeight } from './widget-messages';

/**
 * Inside the frame when the embed code names no pool (malformed, or the price service says
 * `data: null`): one clear sentence, the same to the host page as `pulse:error`, and the box's own
 * height as `pulse:height`, so embed.js shrinks the frame instead of leaving an empty block. Rendered
 * by the page itself rather than a not-found boundary, so a widget that works never downloads it.
 */
export function WidgetNotFound({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => postToHost({ type: 'pulse:error', message }), [message]);
  useHostHeight(ref);
  return (
    <div ref={ref} role="alert" className="bg-bg p-4 text-center">
      <p className="text-sm font-medium text-text">Pool not found</p>
      <p className="mx-auto mt-1 max-w-sm break-words text-[12px] text-muted">{message}</p>
    </div>
  );
}
