/**
 * Recent trades of the catalogue pools. Each pool trades once per 3-second block at a drawn second, so
 * consecutive trades are 1 to 5 s apart, and the trades up to now are a pure function of (seed, pool,
 * time): the FIFO of the latest 100 is full from the first request, moves on its own, needs no timer,
 * and every trade it ever listed stays findable by hash. Trades are priced on the shared price paths.
 */
import { hex } from '@scure/base';
import type { TransactionDetail } from '../../contracts/tx/schema';
import { checkAddress, encode, toChecksumAddress } from '../../core/address';
import { chainById, INITIAL_WALLETS, POOLS, type SimPool } from '../catalogue';
import { bytes } from '../core/rng';
import { addressKey } from '../../core/address/key';
import { chainByName, poolChain, type TxChain, type TxToken } from './chains';
import type { Series } from './codec';
import { gasFor } from './gen-evm';
import {
  computeBudget,
  instruction,
  SOLANA_PROGRAMS,
  splTransfer,
  tokenAccount,
} from './gen-solana';
import { blank, Draw, toUnits, tokenTransfer, type GenContext } from './gen-util';
import { recordMatches, tokenKey, type TransferFilter } from './generate';
import type { Entry } from './history';

const POOL_QUEUE_LENGTH = 100;
const BLOCK = 3;
/** Trades given a trader by the test hook (`forceTrade`), at most this many kept. */
const MAX_FORCED = 1_000;

/**
 * The demo's own monitored wallet (the catalogue's first Ethereum address) trades in the catalogue
 * pools of its chain: in each hour of a pool, a draw of (seed, pool, hour) says whether the wallet
 * trades then (one hour in DEMO_HOURS) and which of the hour's 1,200 blocks is its trade, so about
 * one trade per pool every six hours (a desk's pace, not a bot's, so that its other transfers still
 * show in its history). A pure function of time like the rest of the queue: the same trades in the
 * pool's list, in the wallet's history and on its live pushes (docs/simulator/tx.md, "Pool trades").
 */
export const DEMO_TRADER =
  INITIAL_WALLETS.find((w) => w.chain_type === 'ethereum')?.address[0] ?? '';
const DEMO_CHAIN = 'ethereum';
const DEMO_HOURS = 6;
const BLOCKS_PER_HOUR = 3_600 / BLOCK;
/** How far back the wallet's history of pool trades is searched for one page: a month of hours. */
const DEMO_SCAN_HOURS = 31 * 24;

export type TradeSide = 'buy' | 'sell';

interface PoolEntry {
  pool: SimPool;
  chain: TxChain;
  series: Series;
  base: TxToken;
  quote: TxToken;
}

export class PoolTrades {
  private readonly pools: PoolEntry[] = [];
  /** `{series fp}|{second}` -> the trader (and side) the test hook gave that trade */
  private readonly forced = new Map<string, { trader: string; side?: TradeSide }>();

  constructor(private readonly ctx: GenContext) {
    for (const pool of POOLS) {
      const chain = txChainOf(pool.chain);
      if (!chain) continue;
      const token = (address: string, fallback: SimPool['base']): TxToken =>
        chain.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase()) ?? {
          symbol: fallback.symbol,
          address,
          decimals: 18,
          asset: fallback.asset,
        };
      this.pools.push({
        pool,
        chain,
        series: ctx.codec.series(
          'pool',
          chain,
          addressKey(chain.family, pool.address),
          pool.address,
        ),
        base: token(pool.base.address, pool.base),
        quote: token(pool.quote.address, pool.quote),
      });
    }
  }

  /** The second of the demo wallet's trade in the pool's `hour` (Unix hours), or null for none. */
  private demoSecond(entry: PoolEntry, hour: number): number | null {
    if (!DEMO_TRADER || entry.chain.name !== DEMO_CHAIN) return null;
    const d = new Draw(`${this.ctx.seed}|demo|${entry.series.fp}|${hour}`);
    if (d.r() >= 1 / DEMO_HOURS) return null;
    const t = this.tradeSecond(
      entry.series,
      hour * BLOCKS_PER_HOUR + d.int(0, BLOCKS_PER_HOUR - 1),
    );
    return this.forced.has(`${entry.series.fp}|${t}`) ? null : t;
  }

  /** Whether the pool's trade at second `t` is the demo wallet's (the test hook's trades are not). */
  isDemoTrade(entry: PoolEntry, t: number): boolean {
    return this.demoSecond(entry, Math.floor(t / 3_600)) === t;
  }

  /** Whether `address` on `chain` is the demo wallet, whose history holds its pool trades. */
  isDemoWallet(chain: TxChain, address: string): boolean {
    return (
      !!DEMO_TRADER &&
      chain.name === DEMO_CHAIN &&
      addressKey(chain.family, address) === addressKey(chain.family, DEMO_TRADER)
    );
  }

  /**
   * The demo wallet's pool trades with id below `before` and up to `now`, newest first, passing the
   * filter: a source of its transfer lists (Explorer.page). A page looks back at most a day; a pool
   * whose tokens the filter excludes is not looked at.
   */
  *demoEntries(
    chain: TxChain,
    before: number,
    now: number,
    filter: TransferFilter,
  ): Generator<Entry> {
    if (filter.txType === 'native') return;
    const pools = this.pools.filter(
      (p) =>
        p.chain === chain &&
        (filter.token === undefined ||
          [p.base.address, p.quote.address].some((a) => tokenKey(a) === tokenKey(filter.token!))),
    );
    if (pools.length === 0) return;
    const last = Math.min(now, Math.floor(before / 1_000_000));
    const heads = pools.map((entry) => ({ entry, hour: Math.floor(last / 3_600) }));
    const floor = Math.floor(last / 3_600) - DEMO_SCAN_HOURS;
    // Each pool walks back hour by hour; the newest of the pools' next trades comes first.
    const nextOf = (h: { entry: PoolEntry; hour: number }) => {
      for (; h.hour >= floor; h.hour--) {
        const t = this.demoSecond(h.entry, h.hour);
        if (t === null || t > last) continue;
        const id = this.ctx.codec.id(h.entry.series, t, 0);
        if (id >= before) continue;
        h.hour--;
        return { t, id, entry: h.entry };
      }
      return null;
    };
    const pending = heads.map(nextOf);
    for (;;) {
      let best = -1;
      for (let i = 0; i < pending.length; i++) {
        const p = pending[i];
        if (p && (best < 0 || p.id > (pending[best] as { id: number }).id)) best = i;
      }
      if (best < 0) return;
      const { t, id, entry } = pending[best] as { t: number; id: number; entry: PoolEntry };
      pending[best] = nextOf(heads[best] as { entry: PoolEntry; hour: number });
      const tx = this.trade(entry, t);
      if (recordMatches(tx, filter)) yield { id, load: () => ({ ...tx, id }) };
    }
  }

  /** The demo wallet's pool trades after `from` up to `to` (Unix seconds), oldest first: its live pushes. */
  demoTradesBetween(from: number, to: number): { tx: TransactionDetail; chain: TxChain }[] {
    const out: { tx: TransactionDetail & { id: number }; chain: TxChain; t: number }[] = [];
    if (!(to > from)) return [];
    for (const entry of this.pools) {
      if (entry.chain.name !== DEMO_CHAIN) continue;
      for (let hour = Math.floor((from + 1) / 3_600); hour <= Math.floor(to / 3_600); hour++) {
        const t = this.demoSecond(entry, hour);
        if (t === null || t <= from || t > to) continue;
        out.push({
          tx: { ...this.trade(entry, t), id: this.ctx.codec.id(entry.series, t, 0) },
          chain: entry.chain,
          t,
        });
      }
    }
    return out.sort((a, b) => a.t - b.t).map(({ tx, chain }) => ({ tx, chain }));
  }

  find(address: string, chainType: string, chainId: number): PoolEntry | undefined {
    const chain = poolChain(chainType, chainId);
    if (!chain) return undefined;
    const key = addressKey(chain.family, address);
    return this.pools.find((p) => p.chain === chain && p.series.key === key);
  }

  /** The latest trades up to `now` (Unix seconds), newest first. */
  latest(entry: PoolEntry, now: number, limit = POOL_QUEUE_LENGTH): TransactionDetail[] {
    const out: TransactionDetail[] = [];
    for (
      let block = Math.floor(now / BLOCK);
      out.length < Math.min(limit, POOL_QUEUE_LENGTH);
      block--
    ) {
      const t = this.tradeSecond(entry.series, block);
      if (t <= now) out.push(this.trade(entry, t));
    }
    return out;
  }

  /** A trade by its decoded hash parts, if the pool traded then. */
  tradeAt(series: Series, t: number, j: number, now: number): TransactionDetail | null {
    const entry = this.pools.find((p) => p.series === series);
    if (!entry || j !== 0 || t > now || this.tradeSecond(series, Math.floor(t / BLOCK)) !== t)
      return null;
    return this.trade(entry, t);
  }

  /**
   * Test hook (`POST /__sim/pool-trade`, docs/simulator/README.md): the pool's first trade after
   * `now` and at or after `at` (Unix seconds) that no earlier call took is made by `trader`, on
   * `side` when given; its second and size stay the seed's. The trade list stays a pure function of
   * time plus this small table, and nothing already listed changes hands: `at` in the past is `now`.
   */
  forceTrade(
    entry: PoolEntry,
    order: { trader: string; side?: TradeSide; at?: number },
    now: number,
  ): { ok: true; trade: TransactionDetail; side: TradeSide } | { ok: false; message: string } {
    const check = checkAddress(entry.chain.family, order.trader);
    if (!check.ok) return { ok: false, message: `trader is not a valid address: ${check.reason}` };
    const after = Math.max(now + 1, order.at ?? 0);
    let block = Math.floor(after / BLOCK);
    for (;;) {
      const t = this.tradeSecond(entry.series, block);
      if (t >= after && !this.forced.has(`${entry.series.fp}|${t}`)) break;
      block++;
    }
    const t = this.tradeSecond(entry.series, block);
    if (this.forced.size >= MAX_FORCED) {
      const oldest = this.forced.keys().next().value;
      if (oldest !== undefined) this.forced.delete(oldest);
    }
    this.forced.set(`${entry.series.fp}|${t}`, { trader: order.trader.trim(), side: order.side });
    const trade = this.trade(entry, t);
    return { ok: true, trade, side: this.sideOf(entry, trade) };
  }

  /** A trade's side: on a buy the trader pays the quote token (the first transfer). */
  private sideOf(entry: PoolEntry, trade: TransactionDetail): TradeSide {
    const paid = trade.token_transfers?.[0]?.token_contract_address ?? '';
    return paid.toLowerCase() === entry.quote.address.toLowerCase() ? 'buy' : 'sell';
  }

  private tradeSecond(series: Series, block: number): number {
    return (
      block * BLOCK +
      Math.floor(new Draw(`${this.ctx.seed}|tick|${series.fp}|${block}`).r() * BLOCK)
    );
  }

  private trade(entry: PoolEntry, t: number): TransactionDetail {
    const { chain, series, base, quote, pool } = entry;
    const d = new Draw(`${this.ctx.seed}|trade|${series.fp}|${t}`);
    const price = this.ctx.market.poolPrice(pool, t);
    const usd = d.logUniform(20, 150_000);
    const baseAmount = toUnits(usd / price.baseUsd, base.decimals);
    const quoteAmount = toUnits((usd / price.baseUsd) * price.inQuote, quote.decimals);
    const drawn = d.chance(0.5);
    const forced = this.forced.get(`${series.fp}|${t}`);
    // The side draw is made either way, so that a forced side leaves the rest of the trade as drawn.
    const buy = forced?.side ? forced.side === 'buy' : drawn;
    const tx = blank(this.ctx, series, t, 0, 'success');
    const index = d.int(0, 299);
    const legs = buy
      ? { paid: quote, paidAmount: quoteAmount, got: base, gotAmount: baseAmount }
      : { paid: base, paidAmount: baseAmount, got: quote, gotAmount: quoteAmount };
    tx.transfer_type = 'token';
    tx.amount = baseAmount;
    tx.symbol = base.symbol;
    tx.decimals = base.decimals;

    if (chain.family === 'solana') {
      const trader =
        forced?.trader ?? encode.solana(bytes(`${this.ctx.seed}|trader|${series.fp}|${index}`, 32));
      const vault = pool.address;
      Object.assign(tx, {
        sender: trader,
        fee_payer: trader,
        receiver: pool.address,
        tx_version: 0,
      });
      tx.tx_fee = String(5_000 + d.int(0, 400) * 250);
      tx.token_transfers = [
        splTransfer(this.ctx.seed, legs.paid, trader, vault, legs.paidAmount, { toContract: true }),
        splTransfer(this.ctx.seed, legs.got, vault, trader, legs.gotAmount, { fromContract: true }),
      ];
      tx.internal_transactions = [
        ...computeBudget(d, 'success'),
        instruction(
          2,
          1,
          SOLANA_PROGRAMS.raydium,
          'swapBaseIn',
          `Swap ${legs.paid.symbol} for ${legs.got.symbol}`,
        ),
        instruction(
          2,
          2,
          SOLANA_PROGRAMS.token,
          'transfer',
          `Transfer ${legs.paid.symbol} to the pool`,
          {
            from: tokenAccount(this.ctx.seed, trader, legs.paid.address),
            to: tokenAccount(this.ctx.seed, vault, legs.paid.address),
            amount: legs.paidAmount,
          },
        ),
        instruction(
          2,
          2,
          SOLANA_PROGRAMS.token,
          'transfer',
          `Transfer ${legs.got.symbol} to the trader`,
          {
            from: tokenAccount(this.ctx.seed, vault, legs.got.address),
            to: tokenAccount(this.ctx.seed, trader, legs.got.address),
            amount: legs.gotAmount,
          },
        ),
      ];
      return tx;
    }

    const trader = forced
      ? toChecksumAddress(forced.trader)
      : this.isDemoTrade(entry, t)
        ? toChecksumAddress(DEMO_TRADER)
        : encode.evm(bytes(`${this.ctx.seed}|trader|${series.fp}|${index}`, 20));
    const poolAddress = toChecksumAddress(pool.address);
    const gas = gasFor(chain, d);
    const gasLimit = d.int(160_000, 320_000);
    const gasUsed =
      Math.round(gasLimit * (0.6 + d.r() * 0.3)) * (chain.name === 'arbitrum' ? 3 : 1);
    Object.assign(tx, {
      sender: trader,
      receiver: poolAddress,
      gas_limit: String(Math.max(gasLimit, gasUsed + 10_000)),
      gas_used: String(gasUsed),
      gas_price: String(gas.price),
      max_fee_per_gas: gas.maxFee,
      max_priority_fee_per_gas: gas.priority,
      tx_fee: String(BigInt(gasUsed) * gas.price),
      nonce: String(d.int(0, 90_000)),
      method_id: '0x128acb08',
      method_call: 'swap(address,bool,int256,uint160,bytes)',
    });
    tx.token_transfers = [
      tokenTransfer(legs.paid, trader, poolAddress, legs.paidAmount, { is_to_contract: true }),
      tokenTransfer(legs.got, poolAddress, trader, legs.gotAmount, { is_from_contract: true }),
    ];
    if (chain.l2)
      tx.l1_origin_hash = `0x${hex.encode(bytes(`${this.ctx.seed}|l1|${chain.name}|${Math.floor(t / 60)}`, 32))}`;
    return tx;
  }
}

function txChainOf(catalogueId: number): TxChain | undefined {
  const name = chainById(catalogueId)?.tx_chain_type;
  return name ? chainByName(name) : undefined;
}
