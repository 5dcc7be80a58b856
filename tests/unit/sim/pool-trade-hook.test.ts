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
});
