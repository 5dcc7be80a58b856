'use client';
import { clsx } from 'clsx';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryFreshness } from '@/components/ui/query-freshness';
import { Panel } from '@/components/ui/panel';
import { ScrollTable } from '@/components/ui/scroll-table';
import { shorten } from '@/lib/core/format/text';
import { wsStatusQuery } from '@/lib/features/wallets/queries';
import { usePrefs } from '@/lib/client/stores/prefs';
import { formatDateTime } from '@/lib/features/wallets/time';
import { StatusFallback } from './status-fallback';

function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s`;
}

/** Connected WebSocket clients of this app, with uptime and pushes still awaiting an ACK. */
export function WsPanel() {
  const ws = useQuery(wsStatusQuery);
  const zone = usePrefs((s) => s.tz);
  const d = ws.data;
  return (
    <Panel
      title={
        <span>
          WebSocket clients
          {d && (
            <span className="num ml-2 rounded bg-raised px-1.5 text-text">
              {d.connectedClients}
            </span>
          )}
        </span>
      }
      actions={<QueryFreshness query={ws} staleAfterMs={15_000} />}
    >
      {d ? (
        d.details.length === 0 ? (
          <EmptyState title="No client is connected.">
            The dashboard server connects when a page follows live transactions.
          </EmptyState>
        ) : (
          <ScrollTable
            label="WebSocket clients"
            minWidth="min-w-[420px]"
            head="py-1.5 font-medium"
            columns={[
              ['Client', 'px-3 text-left'],
              ['Connected', 'px-2 text-left'],
              ['Uptime', 'px-2 text-right'],
              ['Pending ACKs', 'px-3 text-right'],
            ]}
          >
            {d.details.map((c) => (
              <tr key={c.clientId} className="h-9 border-b border-border/50 last:border-0">
                <td className="px-3 font-mono" title={c.clientId}>
                  {shorten(c.clientId, 10, 4)}
                </td>
                <td className="px-2 text-muted">{formatDateTime(c.connectedAt / 1000, zone)}</td>
                <td className="px-2 text-right">{duration(c.uptime)}</td>
                <td className={clsx('px-3 text-right', c.pendingTxCount > 0 && 'text-warn')}>
                  {c.pendingTxCount}
                </td>
              </tr>
            ))}
          </ScrollTable>
        )
      ) : (
        <StatusFallback query={ws} what="WebSocket status" rows={2} />
      )}
    </Panel>
  );
}
