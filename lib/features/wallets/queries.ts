/** Query factories and calls for the tx service (monitoring, history, transactions, app settings). */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AppConfig,
  AppConfigUpdate,
  ContainsData,
  RetryData,
  RetryStatusData,
  TransactionDetail,
  TransferRecord,
  WsReplayData,
  WsStatusData,
} from '../../contracts/tx/schema';
import { api } from '../../client/api';
import { addressKey } from '../../core/address/key';
import { familyOf } from './chains';
import { nextCursor } from './cursor';
import { requestOf, type HistoryQuery } from './history';
import type { ReplayMessage } from './replay';

const STATUS_POLL_MS = 5_000;

/** The tx service's query keys: factories use them, invalidations name them (never by hand). */
export const txKeys = {
  all: ['tx'] as const,
  contains: ['tx', 'contains'] as const,
  appConfig: ['tx', 'app-config'] as const,
  retryStatus: ['tx', 'retry-status'] as const,
  wsStatus: ['tx', 'ws-status'] as const,
};

export const containsQuery = (chainType: string, address: string) =>
  queryOptions({
    queryKey: [...txKeys.contains, chainType, addressKey(familyOf(chainType), address)],
    queryFn: ({ signal }) =>
      api<ContainsData>('tx', '/addresses/contains', {
        method: 'POST',
        body: { chain_type: chainType, address },
        signal,
      }),
    staleTime: 60_000,
  });

/**
 * Whether each address is monitored, asked now (not from the cache): the "Check" button's one-off
 * look. A failed ask is `null`, not a failure of the whole check.
 */
export function checkMonitored(client: QueryClient, chainType: string, addresses: string[]) {
  return Promise.all(
    addresses.map(async (address) => {
      try {
        const data = await client.fetchQuery({
          ...containsQuery(chainType, address),
          staleTime: 0,
        });
        return { address, monitored: data.is_exist as boolean | null };
      } catch {
        return { address, monitored: null };
      }
    }),
  );
}

export const appConfigQuery = queryOptions({
  queryKey: txKeys.appConfig,
  queryFn: ({ signal }) => api<AppConfig>('tx', '/app/config', { signal }),
  staleTime: 10_000,
});

export const retryStatusQuery = queryOptions({
  queryKey: txKeys.retryStatus,
  queryFn: ({ signal }) => api<RetryStatusData>('tx', '/app/webhook/retry/status', { signal }),
  refetchInterval: STATUS_POLL_MS,
  staleTime: 2_000,
});

export const wsStatusQuery = queryOptions({
  queryKey: txKeys.wsStatus,
  queryFn: ({ signal }) => api<WsStatusData>('tx', '/transaction/ws/status', { signal }),
  refetchInterval: STATUS_POLL_MS,
  staleTime: 2_000,
});

function transactionPath(
  chainType: string,
  chainId: number,
  hash: string,
  noCache: boolean,
): string {
  const query = new URLSearchParams({ chain_type: chainType, chain_id: String(chainId) });
  if (noCache) query.set('no_cache', 'true');
  return `/transactions/${encodeURIComponent(hash)}?${query.toString()}`;
}

/** `data` null is the service's "unknown transaction" (code 0), not an error. */
export function fetchTransaction(
  chainType: string,
  chainId: number,
  hash: string,
  opts: { noCache?: boolean; signal?: AbortSignal } = {},
) {
  return api<TransactionDetail | null>(
    'tx',
    transactionPath(chainType, chainId, hash, !!opts.noCache),
    { signal: opts.signal },
  );
}

export const transactionQuery = (chainType: string, chainId: number, hash: string) =>
  queryOptions({
    queryKey: ['tx', 'transaction', chainType, chainId, hash],
    queryFn: ({ signal }) => fetchTransaction(chainType, chainId, hash, { signal }),
    staleTime: 30_000,
  });

export const historyQuery = (q: HistoryQuery) =>
  infiniteQueryOptions({
    queryKey: ['tx', 'history', q],
    queryFn: ({ pageParam, signal }) => {
      const { path, body } = requestOf(q, pageParam);
      return api<TransferRecord[]>('tx', path, { method: 'POST', body, signal });
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => nextCursor(lastPage, q.limit),
    staleTime: 30_000,
  });

export function searchTransfers(address: string, limit: number, signal?: AbortSignal) {
  return api<TransferRecord[]>('tx', '/transfers/search', {
    method: 'POST',
    body: { address, limit },
    signal,
  });
}

// ---- changes (each needs the admin session when DASHBOARD_PASSWORD is set) -------------------------

export function addAddresses(chainType: string, addresses: readonly string[]) {
  return api<'success'>('tx', '/addresses', {
    method: 'POST',
    body: { wallets: [{ chain_type: chainType, address: addresses }] },
  });
}

/**
 * Takes `address` off the monitored list, then asks again (not from the cache): true when it is
 * still monitored, listed under another chain type too (e.g. `evm`).
 */
export async function removeMonitored(client: QueryClient, chainType: string, address: string) {
  await api<'success'>('tx', '/addresses/batch-delete', {
    method: 'POST',
    body: { wallets: [{ chain_type: chainType, address: [address] }] },
  });
  const after = await client.fetchQuery({ ...containsQuery(chainType, address), staleTime: 0 });
  return after.is_exist;
}

export function saveAppConfig(patch: AppConfigUpdate) {
  return api<'success'>('tx', '/app/config', { method: 'PUT', body: patch });
}

export function retryWebhook() {
  return api<RetryData>('tx', '/app/webhook/retry', { method: 'POST' });
}

export function replayTransaction(message: ReplayMessage) {
  return api<WsReplayData>('tx', '/transaction/ws/replay', { method: 'POST', body: message });
}
