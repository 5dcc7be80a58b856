'use client';
import { clsx } from 'clsx';
import { useQuery } from '@tanstack/react-query';
import { useStartAfter } from '@/lib/client/hooks/use-first-paint';
import { useStreamStatus } from '@/lib/client/hooks/use-stream';
import { healthQuery } from '@/lib/client/queries/health';

const TONE = {
  ok: 'bg-up',
  degraded: 'bg-warn',
  down: 'bg-down',
  unknown: 'bg-faint',
} as const;

/** Whether the upstream answers, and whether it is the demo simulator or a real upstream. */
export function StatusLight() {
  // Asked once the loaded page is idle: a light in the header never delays the page itself, nor
  // adds to the work right after its first frame.
  const idle = useStartAfter('idle');
  const { data, isError, isPending } = useQuery({ ...healthQuery, enabled: idle });
  const stream = useStreamStatus();
  // The page's live stream counts too: HTTP answering while pushes do not arrive is not "live".
  const streamDown = stream.state === 'reconnecting';
  // A cluster instance that lost Redis still streams live, from its own upstream sockets.
  const alone = stream.cluster === 'local' || data?.cluster?.streams === 'local';
  const httpState = isPending ? 'unknown' : isError || !data ? 'down' : data.status;
  const state = httpState === 'ok' && (streamDown || alone) ? 'degraded' : httpState;
  const source =
    data?.mode === 'upstream'
      ? 'Upstream'
      : data?.mode === 'simulator'
        ? 'Demo simulator'
        : 'Server';
  const label =
    state === 'unknown'
      ? 'Checking upstream…'
      : state === 'ok'
        ? `${source} · live`
        : state === 'degraded'
          ? streamDown && httpState === 'ok'
            ? `${source} · live stream interrupted`
            : alone && httpState === 'ok'
              ? `${source} · live, cluster store unreachable`
              : `${source} · degraded`
          : isError || !data
            ? 'Dashboard server unreachable'
            : `${source} · down`;
  const detail = data?.services
    ? Object.entries(data.services)
        .map(
          ([name, s]) =>
            `${name}: ${s.status}${s.status === 'up' ? ` (${s.latency_ms} ms)` : s.message ? ` (${s.message})` : ''}`,
        )
        .join('\n') +
      (data.cluster
        ? `\nserver ${data.cluster.instance}: cluster store ${data.cluster.redis}${alone ? ', streaming from this server alone' : ''}`
        : '')
    : '';

  return (
    <div
      className="flex items-center gap-2 rounded border border-border px-2 py-1 text-2xs text-muted"
      title={detail ? `${label}\n${detail}` : label}
      role="status"
      aria-live="polite"
      data-testid="status-light"
      data-state={state}
    >
      <span className="relative flex h-2 w-2">
        {state === 'ok' && (
          <span
            className={clsx(
              'live-ping absolute inline-flex h-full w-full rounded-full opacity-60',
              TONE.ok,
            )}
          />
        )}
        <span className={clsx('relative inline-flex h-2 w-2 rounded-full', TONE[state])} />
      </span>
      {/* On a narrow phone the light alone (the words stay for screen readers and in the title). */}
      <span className="sr-only whitespace-nowrap min-[420px]:not-sr-only">{label}</span>
    </div>
  );
}
