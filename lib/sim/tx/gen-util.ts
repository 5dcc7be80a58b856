/** Shared pieces of the transaction generators: draws, amounts in smallest units, a blank record. */
import type { TokenTransfer, TransactionDetail } from '../../contracts/tx/schema';
import { ASSETS } from '../catalogue';
import { bytes, prng } from '../core/rng';
import type { Market } from '../market';
import type { TxChain, TxToken } from './chains';
import { heightAt } from './chains';
import type { Codec, Series } from './codec';

export interface GenContext {
  seed: string;
  codec: Codec;
  market: Market;
}

export class Draw {
  private readonly next: () => number;
  constructor(key: string) {
    this.next = prng(key);
  }
  r(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  /** log-uniform in [min, max): many small values, a few large ones */
  logUniform(min: number, max: number): number {
    return min * (max / min) ** this.next();
  }
}

/** A positive amount of whole units as an integer string of smallest units, ~7 significant digits. */
export function toUnits(x: number, decimals: number): string {
  if (!(x > 0) || !Number.isFinite(x)) return '0';
  const k = 6 - Math.floor(Math.log10(x));
  if (k <= decimals) {
    const mantissa = BigInt(Math.max(1, Math.round(x * 10 ** k)));
    return (mantissa * 10n ** BigInt(decimals - k)).toString();
  }
  return String(Math.max(1, Math.round(x * 10 ** decimals)));
}

/** USD price of a catalogue asset at `t`, read from the shared price paths (hourly resolution). */
export function usdPrice(market: Market, asset: string, t: number): number {
  const spec = ASSETS.find((a) => a.asset === asset);
  return spec ? market.paths.priceAt(market.assetSpec(spec), t, '1h') : 1;
}

/** A coin a transfer moves: a chain's native coin or one of its tokens. */
export type Coin = Pick<TxToken, 'asset' | 'symbol' | 'decimals'>;

/** What a record says it moved: `usd` worth of `coin` at `t`, in the coin's smallest units. */
export function moved(
  ctx: GenContext,
  t: number,
  usd: number,
  kind: 'native' | 'token',
  coin: Coin,
): { transfer_type: 'native' | 'token'; amount: string; symbol: string; decimals: number } {
  return {
    transfer_type: kind,
    amount: toUnits(usd / usdPrice(ctx.market, coin.asset, t), coin.decimals),
    symbol: coin.symbol,
    decimals: coin.decimals,
  };
}

export function formatUnits(units: string, decimals: number): string {
  const padded = units.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const frac = padded
    .slice(padded.length - decimals)
    .replace(/0+$/, '')
    .slice(0, 6);
  return frac ? `${whole}.${frac}` : whole;
}

export type Status = 'success' | 'failed' | 'pending';

/** Every field present, null where the chain has no such thing, arrays empty. */
export function emptyRecord(chainType: string, chainId: number, txHash: string): TransactionDetail {
  return {
    chain_type: chainType,
    chain_id: chainId,
    height: null,
    tx_time: null,
    tx_hash: txHash,
    tx_version: null,
    sender: null,
    fee_payer: null,
    receiver: null,
    transfer_type: null,
    amount: null,
    symbol: null,
    decimals: null,
    tx_status: null,
    tx_fee: null,
    gas_limit: null,
    gas_used: null,
    gas_price: null,
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    nonce: null,
    method_id: null,
    method_call: null,
    l1_origin_hash: null,
    token_transfers: [],
    from_details: [],
    to_details: [],
    internal_transactions: [],
  };
}

/** A generated record before its chain's generator fills it in. */
export function blank(
  ctx: GenContext,
  series: Series,
  t: number,
  j: number,
  status: Status,
): TransactionDetail {
  const chain: TxChain = series.chain;
  return {
    id: ctx.codec.id(series, t, j),
    ...emptyRecord(chain.wire, chain.chainId, ctx.codec.hash(series, t, j)),
    height: status === 'pending' ? null : heightAt(chain, t),
    tx_time: t,
    tx_status: status,
  };
}

/** A chain family's generator: transfer `j` at second `t` of a series, of the shape drawn for it. */
export type TransferGenerator = (
  ctx: GenContext,
  series: Series,
  t: number,
  j: number,
  shape: Shape,
) => TransactionDetail;

/**
 * What every chain's transfer starts from: its draw (seeded by series, time and index), the blank
 * record, and its two parties in order: `me` (the series address) and a counterparty, one of forty
 * per series: `counterparty.length` drawn bytes in the chain's address format.
 */
export function startTransfer(
  ctx: GenContext,
  series: Series,
  t: number,
  j: number,
  shape: Shape,
  me: string,
  counterparty: { length: number; encode: (raw: Uint8Array) => string },
): { d: Draw; tx: TransactionDetail; from: string; to: string } {
  const d = new Draw(`${ctx.seed}|tx|${series.fp}|${t}|${j}`);
  const tx = blank(ctx, series, t, j, shape.status);
  const other = counterparty.encode(
    bytes(`${ctx.seed}|cp|${series.fp}|${d.int(0, 39)}`, counterparty.length),
  );
  const [from, to] = shape.outgoing ? [me, other] : [other, me];
  return { d, tx, from, to };
}

export function tokenTransfer(
  token: TxToken,
  from: string,
  to: string,
  amount: string,
  extra: Partial<TokenTransfer> = {},
): TokenTransfer {
  return {
    from_address: from,
    to_address: to,
    token_contract_address: token.address,
    symbol: token.symbol,
    amount,
    decimals: token.decimals,
    is_from_contract: false,
    is_to_contract: false,
    from_token_address: null,
    to_token_address: null,
    mint: null,
    program_id: null,
    ...extra,
  };
}

/** What a transfer is, drawn before its details so that filters need not build the whole record. */
export interface Shape {
  kind: 'native' | 'token' | 'swap';
  /** the token moved (token), or the token paid (swap) */
  token: TxToken | null;
  /** the token received (swap) */
  token2: TxToken | null;
  status: Status;
  /** the series address sends (true) or receives */
  outgoing: boolean;
}

export function shapeTokens(shape: Shape): TxToken[] {
  return [shape.token, shape.token2].filter((t): t is TxToken => t !== null);
}
