import { describe, expect, it } from 'vitest';
import { createSimulator } from '@/lib/sim';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const TRADER = '0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be';
const KEY = 'unit-key';

function setup() {
  let clock = Date.UTC(2026, 10, 25, 12) + 400;
  const sim = createSimulator({
    apiKey: KEY,
    stateDir: null,
    logLevel: 'silent',
    txIntervalMs: 60_000,
    now: () => clock,
  });
  const trades = async () => {
    const r = await sim.handle(
      new Request(
        `http://sim.test/tx/api/v1/dex-pools/${UNISWAP}/trades?chainType=ethereum&chainId=1&limit=5`,
      ),
    );
    return (
      (await r.json()) as {
        data: { items: { tx_hash: string; tx_time: number; sender: string }[] };
      }
    ).data.items;
  };
  return { sim, trades, at: (ms: number) => (clock = ms), now: () => clock };
}

const params = (trader: string, pool = UNISWAP) =>
  new URLSearchParams({ chain_type: 'ethereum', chain_id: '1', pool, trader });
/** The demo's own monitored wallet (docs/simulator/tx.md, "Pool trades"). */
const DEMO = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';

interface Placed {
  tx_hash: string;
  tx_time: number;
  trader: string;
  side: 'buy' | 'sell';
  amount: string;
}

async function place(sim: ReturnType<typeof setup>['sim'], extra: Record<string, string>) {
  const r = sim.control(
    'pool-trade',
    new URLSearchParams({ chain_type: 'ethereum', chain_id: '1', pool: UNISWAP, ...extra }),
  );
  expect(r?.status).toBe(200);
  return ((await r!.json()) as { data: Placed }).data;
}

describe('POST /__sim/pool-trade (test hook)', () => {
  it("makes the pool's next trade one by the given trader, listed once its second has come", async () => {
    const { sim, trades, at, now } = setup();
    const before = await trades();
    const r = sim.control('pool-trade', params(TRADER));
    expect(r?.status).toBe(200);
    const { data } = (await r!.json()) as { data: { tx_hash: string; tx_time: number } };
    const nowSec = Math.floor(now() / 1000);
    expect(data.tx_time).toBeGreaterThan(nowSec);
    expect(data.tx_time - nowSec).toBeLessThanOrEqual(6);
    // Not listed before its time; the list so far is unchanged.
    expect(await trades()).toEqual(before);

    at(data.tx_time * 1000);
    const [latest] = await trades();
    expect(latest?.tx_hash).toBe(data.tx_hash);
    expect(latest?.sender.toLowerCase()).toBe(TRADER);
    // Findable by hash like any pool trade, with the same trader.
    const byHash = await sim.handle(
      new Request(
        `http://sim.test/tx/api/v1/transactions/${data.tx_hash}?chain_type=ethereum&chain_id=1`,
        {
          headers: { 'x-api-key': KEY },
        },
      ),
    );
    const tx = ((await byHash.json()) as { data: { sender: string } | null }).data;
    expect(tx?.sender.toLowerCase()).toBe(TRADER);
  });

  it('refuses a malformed trader (400) and an unknown pool (404); other names are not hooks', async () => {
    const { sim } = setup();
    expect(sim.control('pool-trade', params('0x12'))?.status).toBe(400);
    expect(
      sim.control('pool-trade', params(TRADER, '0x0000000000000000000000000000000000000001'))
        ?.status,
    ).toBe(404);
    expect(sim.control('unknown', params(TRADER))).toBeNull();
  });

  it("places the demo wallet's trades at a chosen time and side, each call its own trade", async () => {
    const { sim, at, now } = setup();
    const nowSec = Math.floor(now() / 1000);
    const hour = (Math.floor(nowSec / 3600) + 1) * 3600;
    // Two buys and a sell from the next hour's start: three distinct trades, in order, none before.
    const a = await place(sim, { side: 'buy', at: String(hour) });
    const b = await place(sim, { side: 'buy', at: String(hour) });
    const c = await place(sim, { side: 'sell', at: 'now' });
    expect(a.tx_time).toBeGreaterThanOrEqual(hour);
    expect(a.tx_time - hour).toBeLessThan(3);
    expect(b.tx_time).toBeGreaterThan(a.tx_time);
    expect(b.tx_time - a.tx_time).toBeLessThanOrEqual(6);
    expect(c.tx_time).toBeGreaterThan(nowSec);
    expect(c.tx_time).toBeLessThan(hour);
    for (const p of [a, b, c]) expect(p.trader.toLowerCase()).toBe(DEMO);
    expect([a.side, b.side, c.side]).toEqual(['buy', 'buy', 'sell']);

    // Listed as placed once their seconds have come: the demo wallet, the side (the trader pays
    // the quote token on a buy) and the size the hook answered.
    const listed = async (p: Placed) => {
      at((p.tx_time + 1) * 1000);
      const r = await sim.handle(
        new Request(
          `http://sim.test/tx/api/v1/dex-pools/${UNISWAP}/trades?chainType=ethereum&chainId=1&limit=5`,
        ),
      );
      const { items } = (
        (await r.json()) as {
          data: {
            items: {
              tx_hash: string;
              sender: string;
              amount: string;
              token_transfers: { symbol: string }[];
            }[];
          };
        }
      ).data;
      return items.find((i) => i.tx_hash === p.tx_hash);
    };
    for (const p of [c, a, b]) {
      const trade = await listed(p);
      expect(trade?.sender.toLowerCase()).toBe(DEMO);
      expect(trade?.amount).toBe(p.amount);
      expect(trade?.token_transfers[0]?.symbol).toBe(p.side === 'buy' ? 'USDC' : 'WETH');
    }
  });

  it('a forced side leaves the trade otherwise as drawn; a time in the past is now', async () => {
    const one = setup();
    const two = setup();
    const nowSec = Math.floor(one.now() / 1000);
    const drawn = await place(one.sim, { trader: TRADER });
    const flipped = await place(two.sim, {
      trader: TRADER,
      side: drawn.side === 'buy' ? 'sell' : 'buy',
      at: String(nowSec - 600),
    });
    expect(flipped.tx_time).toBe(drawn.tx_time);
    expect(flipped.tx_hash).toBe(drawn.tx_hash);
    expect(flipped.amount).toBe(drawn.amount);
    expect(flipped.side).not.toBe(drawn.side);
  });

  it('refuses a bad side, a bad or far time and an empty trader, in the service envelope', async () => {
    const { sim, now } = setup();
    const nowSec = Math.floor(now() / 1000);
    const bad: Record<string, string>[] = [
      { side: 'long' },
      { side: '' },
      { at: 'soon' },
      { at: '' },
      { at: '-5' },
      { at: '1.5' },
      { at: String(nowSec + 2 * 86_400) },
      { trader: ' ' },
      { trader: 'demo' },
    ];
    for (const extra of bad) {
      const r = sim.control(
        'pool-trade',
        new URLSearchParams({
          chain_type: 'ethereum',
          chain_id: '1',
          pool: UNISWAP,
          trader: TRADER,
          ...extra,
        }),
      );
      expect(r?.status, JSON.stringify(extra)).toBe(400);
      const body = (await r!.json()) as { code: number; data: unknown };
      expect(body.code).toBe(400);
      expect(body.data).toBeNull();
    }
  });
});
