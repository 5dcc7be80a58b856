'use client';
import { formatAge } from '@/lib/core/format/text';
import { useNow } from '@/lib/client/hooks/use-now';
import { useStreamStatus } from '@/lib/client/hooks/use-stream';
import { LiveDot, StaleTag } from '@/components/ui/freshness';

/** "● live · last push 3 s ago" while the browser stream and the upstream tx link are up; grey otherwise. */
export function StreamState() {
  const status = useStreamStatus();
  const now = useNow();
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
      <LiveDot live={live} />
      {!live && status.state !== 'connecting' && status.state !== 'idle' && <StaleTag />}
      <span className="num">{text}</span>
    </span>
  );
}
