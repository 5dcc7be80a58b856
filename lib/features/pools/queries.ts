/** Query factories for pools (the pool page); the widget calls lib/features/pools/api.ts directly. */
import { queryOptions } from '@tanstack/react-query';
import { fetchCoin, fetchPool, fetchTopHolders } from './api';
import { poolKey, type PoolRef } from '../../contracts/pool-ref';

/**
 * The price service's pool object. The seed caches it for an hour and so does the gateway, so a
 * minute's poll costs nothing upstream and picks up the new snapshot soon after the hour turns.
 */
export const poolQuery = (ref: PoolRef) =>
  queryOptions({
    queryKey: ['price', 'pool', poolKey(ref)],
    queryFn: ({ signal }) => fetchPool(ref, signal),
    refetchInterval: 60_000,
    staleTime: 60_000,
  });

export const topHoldersQuery = (network: string, token: string) =>
  queryOptions({
    queryKey: ['kline', 'top-holders', network, token],
    queryFn: ({ signal }) => fetchTopHolders(network, token, signal),
    staleTime: 5 * 60_000,
  });

export const coinQuery = (network: string, token: string) =>
  queryOptions({
    queryKey: ['kline', 'coin', network, token],
    queryFn: ({ signal }) => fetchCoin(network, token, signal),
    staleTime: 30 * 60_000,
  });
