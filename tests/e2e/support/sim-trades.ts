import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { simUrl } from './env';

/** A trade the simulator's test hook placed (docs/simulator/README.md, `POST /__sim/pool-trade`). */
export interface PlacedTrade {
  tx_hash: string;
  tx_time: number;
  trader: string;
  side: 'buy' | 'sell';
  /** the base token's amount in its smallest units */
  amount: string;
  decimals: number;
}

/**
 * Makes a wallet trade in a pool: the pool's first trade after now and at or after `at` (Unix
 * seconds, or `now`), on `side`, by `trader` (by default the demo's own monitored wallet).
 */
export async function placeTrade(
  request: APIRequestContext,
  order: {
    chainType: string;
    chainId: number;
    pool: string;
    trader?: string;
    side?: 'buy' | 'sell';
    at?: number | 'now';
  },
): Promise<PlacedTrade> {
  const params = new URLSearchParams({
    chain_type: order.chainType,
    chain_id: String(order.chainId),
    pool: order.pool,
  });
  if (order.trader) params.set('trader', order.trader);
  if (order.side) params.set('side', order.side);
  if (order.at !== undefined) params.set('at', String(order.at));
  const r = await request.post(`${simUrl()}/__sim/pool-trade?${params}`);
  if (!r.ok()) throw new Error(`pool-trade hook: ${r.status()} ${await r.text()}`);
  return ((await r.json()) as { data: PlacedTrade }).data;
}

/**
 * This browser's Wallets list holds `address` on Ethereum, as if the trader had added it on the
 * Wallets page on an earlier visit (the stores' persisted form); with `label`, Labels names it; with
 * `tz`, the stored preferences are dark, USD and that time zone.
 */
export async function watchWallet(
  context: BrowserContext,
  address: string,
  extra: { label?: string; tz?: string } = {},
): Promise<void> {
  await context.addInitScript(
    ({ address, label, tz }) => {
      localStorage.setItem(
        'pulse-wallets',
        JSON.stringify({
          state: { entries: [{ chainType: 'ethereum', address, addedAt: 1 }], alerts: 'off' },
          version: 1,
        }),
      );
      if (label)
        localStorage.setItem(
          'pulse-labels',
          JSON.stringify({ state: { labels: { [address.toLowerCase()]: label } }, version: 1 }),
        );
      if (tz)
        localStorage.setItem(
          'pulse-prefs',
          JSON.stringify({ state: { theme: 'dark', fiat: 'USD', tz }, version: 1 }),
        );
    },
    { address, label: extra.label ?? null, tz: extra.tz ?? null },
  );
}

const IST = 5.5 * 3600;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A moment on Kolkata's clock as the trader's tools write it, computed from UTC. */
export function kolkataMoment(sec: number): string {
  const d = new Date((sec + IST) * 1000);
  const clock = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${clock} GMT+5:30`;
}

/**
 * A base amount as a trade row writes it, computed with BigInt from the smallest units: below 1,
 * four decimals; from 1 to 999, two (a whole number without them); rounded half-up. (The hook's
 * trades in a WETH pool are 0.005 to 50 WETH: the compact K/M forms are not needed here.)
 */
export function tradeSize(units: string, decimals: number): string {
  const raw = BigInt(units);
  const one = 10n ** BigInt(decimals);
  const dp = raw >= one ? 2 : 4;
  const div = 10n ** BigInt(decimals - dp);
  const q = raw / div + ((raw % div) * 2n >= div ? 1n : 0n);
  const text = q.toString().padStart(dp + 1, '0');
  const out = `${text.slice(0, text.length - dp)}.${text.slice(text.length - dp)}`;
  if (raw >= 1000n * one)
    throw new Error('tradeSize: amounts of 1,000 or more are written compact');
  return out.replace(/\.00$/, '');
}
