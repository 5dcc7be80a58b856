'use client';
import { useEffect } from 'react';
import { postToHost } from './widget-messages';

/**
 * Inside the frame when the embed code names no pool (malformed, or the price service says
 * `data: null`): one clear sentence, and the same to the host page as `pulse:error`. Rendered by the
 * page itself rather than a not-found boundary, so a widget that works never downloads it.
 */
export function WidgetNotFound({ message }: { message: string }) {
  useEffect(() => postToHost({ type: 'pulse:error', message }), [message]);
  return (
    <div role="alert" className="grid min-h-[100dvh] place-items-center bg-bg p-4 text-center">
      <div className="max-w-sm">
        <p className="text-sm font-medium text-text">Pool not found</p>
        <p className="mt-1 break-words text-[12px] text-muted">{message}</p>
      </div>
    </div>
  );
}
