/** A transfer of an address series at (t, j): its shape first (cheap), then the whole record. */
import type { TransactionDetail } from '../../contracts/tx/schema';
import type { AddressFamily } from '../../core/address';
import type { Series } from './codec';
import { bitcoinTransfer } from './gen-bitcoin';
import { evmTransfer } from './gen-evm';
import { solanaTransfer } from './gen-solana';
import { tronTransfer } from './gen-tron';
import {
  Draw,
  shapeTokens,
  type GenContext,
  type Shape,
  type Status,
  type TransferGenerator,
} from './gen-util';

const GENERATORS: Record<AddressFamily, TransferGenerator> = {
  evm: evmTransfer,
  solana: solanaTransfer,
  tron: tronTransfer,
  bitcoin: bitcoinTransfer,
};

export function shapeOf(ctx: GenContext, series: Series, t: number, j: number): Shape {
  const d = new Draw(`${ctx.seed}|shape|${series.fp}|${t}|${j}`);
  const chain = series.chain;
  const outgoing = d.chance(0.5);
  const roll = d.r();
  const statusRoll = d.r();
  const tokens = chain.tokens;
  const status = (failed: number, pending: number): Status =>
    statusRoll < failed ? 'failed' : statusRoll < failed + pending ? 'pending' : 'success';

  switch (chain.family) {
    case 'bitcoin':
      return { kind: 'native', token: null, token2: null, status: status(0, 0.03), outgoing };
    case 'tron':
      return roll < 0.35 || tokens.length === 0
        ? { kind: 'native', token: null, token2: null, status: status(0.02, 0), outgoing }
        : { kind: 'token', token: d.pick(tokens), token2: null, status: status(0.02, 0), outgoing };
    default: {
      const pending = chain.family === 'evm' ? 0.01 : 0;
      const failed = chain.family === 'evm' ? 0.04 : 0.03;
      if (roll < 0.4 || tokens.length === 0) {
        return {
          kind: 'native',
          token: null,
          token2: null,
          status: status(failed, pending),
          outgoing,
        };
      }
      if (roll < 0.87 || tokens.length < 2) {
        // stablecoins dominate real token traffic
        const stable = tokens.filter((t) => t.asset === 'usdc' || t.asset === 'usdt');
        const token = stable.length > 0 && d.chance(0.7) ? d.pick(stable) : d.pick(tokens);
        return { kind: 'token', token, token2: null, status: status(failed, pending), outgoing };
      }
      const token = d.pick(tokens);
      const others = tokens.filter((t) => t !== token);
      return {
        kind: 'swap',
        token,
        token2: d.pick(others),
        status: status(failed, pending),
        outgoing: true,
      };
    }
  }
}

export function transferDetail(
  ctx: GenContext,
  series: Series,
  t: number,
  j: number,
): TransactionDetail {
  return GENERATORS[series.chain.family](ctx, series, t, j, shapeOf(ctx, series, t, j));
}

export interface TransferFilter {
  /** '' or undefined: no filtering */
  txType?: 'native' | 'token';
  /** token contract address (mint on Solana), compared case-insensitively for 0x hex */
  token?: string;
}

export function tokenKey(address: string): string {
  return /^0x/i.test(address) ? address.toLowerCase() : address;
}

/** Whether a shape passes the filter; only successful transfers list token movements. */
export function shapeMatches(shape: Shape, filter: TransferFilter): boolean {
  if (filter.txType === 'native' && shape.kind !== 'native') return false;
  if (filter.txType === 'token' && shape.kind === 'native') return false;
  if (filter.token !== undefined) {
    if (shape.status !== 'success') return false;
    const wanted = tokenKey(filter.token);
    if (!shapeTokens(shape).some((t) => tokenKey(t.address) === wanted)) return false;
  }
  return true;
}

/** The same filter on a stored record (replayed transactions). */
export function recordMatches(tx: TransactionDetail, filter: TransferFilter): boolean {
  const type = (tx.transfer_type ?? '').toLowerCase();
  if (filter.txType === 'native' && type !== 'native' && type !== 'nativecoin') return false;
  if (filter.txType === 'token' && type !== 'token') return false;
  if (filter.token !== undefined) {
    const wanted = tokenKey(filter.token);
    return tx.token_transfers.some(
      (t) => t.token_contract_address !== null && tokenKey(t.token_contract_address) === wanted,
    );
  }
  return true;
}
