'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryFreshness } from '@/components/ui/query-freshness';
import { Panel } from '@/components/ui/panel';
import { ApiError } from '@/lib/client/api';
import { formatAge } from '@/lib/core/format/text';
import { txKeys, retryStatusQuery, retryWebhook } from '@/lib/features/wallets/queries';
import type { RetryData } from '@/lib/contracts/tx/schema';
import { KV, KeyValues, None } from '@/components/tx/kv';
import { StatusFallback } from './status-fallback';
import { useAccess } from './use-access';
import { usePrefs } from '@/lib/client/stores/prefs';
import { formatClock, formatDateTime, type Zone } from '@/lib/features/wallets/time';
import { formatCount } from '@/lib/core/format/number';

const TONE = { active: 'up', retrying: 'warn', disabled: 'down' } as const;

function when(sec: number | null | undefined, zone: Zone): ReactNode {
  if (!sec) return <None />;
  const ms = sec * 1000 - Date.now();
  return (
    <span title={formatDateTime(sec, zone)}>
      {formatClock(sec, zone)}{' '}
      <span className="text-muted">
        · {ms >= 0 ? `in ${formatAge(ms).replace(' ago', '')}` : formatAge(-ms)}
      </span>
    </span>
  );
}

/** Webhook delivery: status, retry queue, last failure; "Retry now" shows the nested result envelope. */
export function DeliveryPanel() {
  const client = useQueryClient();
  const { canChange, reason } = useAccess();
  const zone = usePrefs((s) => s.tz);
  const status = useQuery(retryStatusQuery);
  const mutation = useMutation({
    mutationFn: retryWebhook,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: txKeys.retryStatus });
      await client.invalidateQueries({ queryKey: txKeys.appConfig });
    },
  });
  const busy = mutation.isPending;
  const at = mutation.submittedAt;
  const result: { data?: RetryData; error?: string; at: number } | null = mutation.isSuccess
    ? { data: mutation.data, at }
    : mutation.isError
      ? {
          error:
            mutation.error instanceof ApiError
              ? mutation.error.message
              : 'The retry could not be started.',
          at,
        }
      : null;
  const s = status.data;

  function retry() {
    mutation.mutate();
  }

  return (
    <Panel
      title="Webhook delivery"
      actions={<QueryFreshness query={status} staleAfterMs={15_000} />}
    >
      {s ? (
        <KeyValues columns={1}>
          <KV label="Status">
            <span className="inline-flex items-center gap-2" data-testid="delivery-status">
              <Badge tone={TONE[s.webhook_delivery_status]}>{s.webhook_delivery_status}</Badge>
              <span className="text-12 text-muted">webhook {s.enable_webhook ? 'on' : 'off'}</span>
            </span>
          </KV>
          <KV label="Retrying since">{when(s.webhook_retrying_since, zone)}</KV>
          <KV label="Pending">
            <span data-testid="delivery-pending">{formatCount(s.pending)}</span>{' '}
            <span className="text-muted">queued</span>
          </KV>
          <KV label="Next retry">{when(s.next_retry_at, zone)}</KV>
          <KV label="Last failure">{s.webhook_last_failure_reason ?? <None />}</KV>
          <KV label="Failed transaction id" hint="Recorded when a batch is given up after 36 h">
            {s.webhook_last_failed_transaction_id ?? <None />}
          </KV>
        </KeyValues>
      ) : (
        <StatusFallback query={status} what="Delivery status" rows={6} />
      )}
      {s && !s.enable_webhook && (s.webhook_delivery_status === 'retrying' || s.pending > 0) && (
        <p
          role="note"
          data-testid="delivery-paused"
          className="border-t border-border px-3 py-2 text-12 text-muted"
        >
          Webhook push is off, so nothing is delivered now:{' '}
          {s.pending > 0
            ? `the ${formatCount(s.pending)} queued ${s.pending === 1 ? 'delivery waits' : 'deliveries wait'}`
            : 'the retry state waits'}{' '}
          until it is switched back on under App configuration (or “Retry now” tries them once).
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-border p-3">
        <Button
          onClick={retry}
          disabled={!canChange || busy}
          title={
            canChange
              ? 'Retry the queued deliveries now (app/webhook/retry)'
              : (reason ?? undefined)
          }
        >
          {busy ? 'Retrying…' : 'Retry now'}
        </Button>
        {result?.error && (
          <span role="alert" className="text-12 text-down">
            {result.error}
          </span>
        )}
      </div>
      {result?.data && (
        <div role="status" aria-label="Retry result" className="border-t border-border px-3 py-2">
          <p className="text-12">
            <Badge tone={result.data.code === 0 ? 'up' : 'down'}>code {result.data.code}</Badge>{' '}
            <span className="ml-1">{result.data.message}</span>
            <span className="ml-2 text-2xs text-muted">{formatClock(result.at / 1000, zone)}</span>
          </p>
          <dl className="num mt-1.5 grid grid-cols-3 gap-x-4 gap-y-1 text-12 sm:grid-cols-6">
            {(
              [
                ['Attempted', result.data.data.attempted],
                ['Delivered', result.data.data.delivered],
                ['Failed', result.data.data.failed],
                ['Pending', result.data.data.pending],
                ['Final failure', result.data.data.finalFailed ? 'yes' : 'no'],
                [
                  'Next retry',
                  result.data.data.nextRetryAt
                    ? formatClock(result.data.data.nextRetryAt, zone)
                    : '—',
                ],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <dt className="text-2xs text-muted">{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Panel>
  );
}
