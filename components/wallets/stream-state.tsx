'use client';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { formatAge } from '@/lib/core/format/text';
import { useStreamStatus } from '@/lib/client/hooks/use-stream';

/** "● live · last push 3 s ago" while the browser stream and the upstream tx link are up; grey otherwise. */
export function StreamState() {
  const status = useStreamStatus();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const link = status.services.tx;
  const live = status.state === 'open' && (link === undefined || link === 'connected');
  const text =
    status.state === 'idle' || status.state === 'connecting'
      ? 'connecting…'
      : status.state === 'reconnecting'
        ? 'stream interrupted: reconnecting by itself'
        : link && link !== 'connected'
          ? `upstream ${link}: reconnecting by itself, the gap is refilled from history`
          : status.lastEventAt
            ? `live · last push ${formatAge(now - status.lastEventAt)}`
            : 'live';
  return (
    <span
      className="inline-flex items-center gap-1.5"
      data-testid="stream-state"
      data-live={live ? 'true' : 'false'}
    >
      <span aria-hidden className={clsx('h-1.5 w-1.5 rounded-full', live ? 'bg-up' : 'bg-faint')} />
      {!live && status.state !== 'connecting' && status.state !== 'idle' && (
        <span className="rounded bg-raised px-1 py-px font-medium uppercase tracking-wide">
          stale
        </span>
      )}
      <span className="num">{text}</span>
    </span>
  );
}
