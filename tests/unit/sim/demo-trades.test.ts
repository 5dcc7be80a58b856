import { describe, expect, it } from 'vitest';
import { createSimulator } from '@/lib/sim';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const DEMO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const KEY = 'unit-key';

interface Record {
  id: number;
  tx_hash: string;
  tx_time: number;
  sender: string;
  receiver: string;
}

function setup(start = Date.UTC(2026, 10, 25, 12)) {
  let clock = start;
  const sim = createSimulator({
    apiKey: KEY,
    stateDir: null,
    logLevel: 'silent',
    txIntervalMs: 3_600_000,
    now: () => clock,
  });
  const call = async (path: string, body?: unknown) => {
    const r = await sim.handle(
      new Request(`http://sim.test/tx/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return (await r.json()) as { data: unknown };
  };
  const pool = async () =>
    (
      (await call(`/dex-pools/${UNISWAP}/trades?chainType=ethereum&chainId=1&limit=100`)).data as {
        items: Record[];
      }
    ).items;
  const history = async (id?: number) =>
    (
      await call('/transfers/search', {
        address: DEMO,
        chain_type: 'ethereum',
        token: WETH,
        limit: 100,
        ...(id !== undefined ? { id } : {}),
      })
    ).data as Record[];
  return { sim, pool, history, at: (ms: number) => (clock = ms) };
}

const isDemo = (r: Record) => r.sender.toLowerCase() === DEMO.toLowerCase();

describe("the demo's monitored wallet trades in the catalogue pools of its chain", () => {
  it("some of a pool's trades are its own, the same in the pool list, its history and by hash", async () => {
    const { pool, history, at, sim } = setup();
    // Walk forward through the pool's queue (5 minutes of trades each) until one is the wallet's.
    let found: Record | undefined;
    for (let step = 0; step < 48 && !found; step++) {
      at(Date.UTC(2026, 10, 25, 12) + step * 5 * 60_000);
      found = (await pool()).find(isDemo);
    }
    expect(found, 'a trade of the demo wallet within four hours').toBeDefined();
    const trade = found!;
    expect(trade.receiver.toLowerCase()).toBe(UNISWAP);

    // Its history (filtered by the pool's base token, as the chart's markers ask) lists the trade.
    const page = await history();
    const listed = page.find((r) => r.tx_hash === trade.tx_hash);
    expect(listed).toBeDefined();
    expect(listed?.tx_time).toBe(trade.tx_time);
    // Newest first with strictly decreasing ids, and the cursor pages on.
    for (let i = 1; i < page.length; i++) expect(page[i]!.id).toBeLessThan(page[i - 1]!.id);
    const next = await history(page.at(-1)!.id);
    expect(next.length).toBeGreaterThan(0);
    expect(next.every((r) => r.id < page.at(-1)!.id)).toBe(true);
    expect(page.filter((r) => r.receiver.toLowerCase() === UNISWAP).length).toBeGreaterThan(1);

    const byHash = (await sim
      .handle(
        new Request(
          `http://sim.test/tx/api/v1/transactions/${trade.tx_hash}?chain_type=ethereum&chain_id=1`,
          { headers: { 'x-api-key': KEY } },
        ),
      )
      .then((r) => r.json())) as { data: Record };
    expect(byHash.data.sender.toLowerCase()).toBe(DEMO.toLowerCase());
  });

  it('is deterministic: another simulator at another moment lists the same trades', async () => {
    const a = setup(Date.UTC(2026, 10, 25, 14));
    const b = setup(Date.UTC(2026, 10, 25, 9));
    b.at(Date.UTC(2026, 10, 25, 14));
    const [pa, pb] = [await a.history(), await b.history()];
    // Their synthetic pasts differ (each has its own genesis): compare the span both pages cover.
    const since = Math.max(pa.at(-1)!.tx_time, pb.at(-1)!.tx_time);
    const hashes = (rs: Record[]) =>
      rs
        .filter((r) => r.receiver.toLowerCase() === UNISWAP && r.tx_time >= since)
        .map((r) => r.tx_hash);
    expect(hashes(pa)).toEqual(hashes(pb));
    expect(hashes(pa).length).toBeGreaterThan(0);
  });
});
