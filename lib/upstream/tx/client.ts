/** The tx service, typed (docs/contracts.md, "Tx service"). Server-only: it reaches the key. */
import 'server-only';
import { callUpstream, type ReadOptions } from '../base-client';
import type { TxType } from '../../contracts/tx/endpoints';
import * as S from '../../contracts/tx/schema';

export interface SearchBody {
  address: string;
  chain_type?: string;
  chain_id?: number;
  tx_type?: TxType;
  token?: string;
  limit?: number;
  id?: number;
}

export interface MultiChainBody {
  addresses: { chain_type: string; chain_id: number; address: string[] }[];
  limit?: number;
  id?: number;
}

export const txClient = {
  search: async (body: SearchBody) =>
    (
      await callUpstream('tx', '/transfers/search', S.TransferListEnvelope, {
        method: 'POST',
        body,
      })
    ).data,

  multiChain: async (body: MultiChainBody) =>
    (
      await callUpstream('tx', '/transfers/multi-chain', S.TransferListEnvelope, {
        method: 'POST',
        body,
      })
    ).data,

  /** null for an unknown transaction (code 0, data null) */
  transaction: async (
    txHash: string,
    chainType: string,
    chainId: number,
    options: { noCache?: boolean; sandbox?: string | null } = {},
  ) =>
    (
      await callUpstream(
        'tx',
        `/transactions/${encodeURIComponent(txHash)}`,
        S.TransactionEnvelope,
        {
          query: {
            chain_type: chainType,
            chain_id: chainId,
            no_cache: options.noCache ? 'true' : undefined,
          },
          sandbox: options.sandbox,
        },
      )
    ).data,

  poolTrades: async (
    poolAddress: string,
    chainType: string,
    chainId: number,
    limit = 100,
    options: { timeoutMs?: number } = {},
  ) =>
    (
      await callUpstream(
        'tx',
        `/dex-pools/${encodeURIComponent(poolAddress)}/trades`,
        S.PoolTradesEnvelope,
        {
          query: { chainType, chainId, limit },
          timeoutMs: options.timeoutMs,
        },
      )
    ).data.items,

  appConfig: async (options: ReadOptions = {}) =>
    (await callUpstream('tx', '/app/config', S.AppConfigEnvelope, options)).data,
  retryStatus: async () =>
    (await callUpstream('tx', '/app/webhook/retry/status', S.RetryStatusEnvelope)).data,
  wsStatus: async () =>
    (await callUpstream('tx', '/transaction/ws/status', S.WsStatusEnvelope)).data,
};
