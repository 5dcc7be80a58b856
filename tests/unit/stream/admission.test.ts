/**
 * Stream admission (issue 25): only pools that exist take capacity, and a client holds at most its
 * share of each server-wide cap. The shared (Redis) store runs the same rule: tests/cluster.
 */
import { describe, expect, it } from 'vitest';
import { parseTopic, type Topic } from '@/lib/contracts/stream/topics';
import { judgeHold, memoryHolds, type HoldUnit } from '@/lib/server/security/limits';
import { checkPools, clientShare, unitOf } from '@/lib/server/stream/limits';

const topic = (raw: string): Topic => {
  const parsed = parseTopic(raw);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.topic;
};
const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const made = (i: number) => `0x${i.toString(16).padStart(40, 'a')}`;

describe('only known pools take capacity', () => {
  it('an unknown pool is refused with an error for its topic; one look-up per pool; transaction topics are not looked up', async () => {
    const asked: string[] = [];
    const { topics, refused } = await checkPools(
      [
        topic(`ohlcv:evm:1:${POOL}:1m`),
        topic(`ohlcv:evm:1:${POOL}:1h`),
        topic(`trades:ethereum:1:${POOL}`),
        topic(`trades:ethereum:1:${made(1)}`),
        topic(`ohlcv:evm:1:${made(1)}:1m`),
        topic('tx'),
      ],
      async (pool) => {
        asked.push(`${pool.chainType}:${pool.address}`);
        return pool.address === POOL ? 'known' : 'unknown';
      },
    );
    expect(topics.map((t) => t.key)).toEqual([
      `ohlcv:evm:1:${POOL}:1m`,
      `ohlcv:evm:1:${POOL}:1h`,
      `trades:ethereum:1:${POOL}`,
      'tx',
    ]);
    expect(refused).toEqual([
      {
        topic: `trades:ethereum:1:${made(1)}`,
        code: 404,
        message: expect.stringMatching(/^Unknown pool/) as unknown,
      },
      {
        topic: `ohlcv:evm:1:${made(1)}:1m`,
        code: 404,
        message: expect.stringMatching(/^Unknown pool/) as unknown,
      },
    ]);
    // the ethereum trades topic and the evm candles of one pool are separate look-ups of their names
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('a look-up that cannot be made (the price service is down) admits the topic', async () => {
    const { topics, refused } = await checkPools(
      [topic(`trades:evm:1:${POOL}`)],
      async () => 'unavailable',
    );
    expect(topics).toHaveLength(1);
    expect(refused).toEqual([]);
  });
});

describe("a client's share of every server-wide cap", () => {
  const units = (...raw: string[]): HoldUnit[] => raw.map((r) => unitOf(topic(r)));

  it('counts a pool once whatever its intervals, and refuses only what adds past a cap', () => {
    const caps = { holds: 10, topics: 6, pools: 2, polls: 1, watches: 1 };
    const held = [units(`ohlcv:evm:1:${POOL}:1m`, `ohlcv:evm:1:${POOL}:1h`)];
    expect(judgeHold(held, units(`ohlcv:evm:1:${made(2)}:1m`), caps)).toBeNull();
    expect(
      judgeHold(
        [...held, units(`ohlcv:evm:1:${made(2)}:1m`)],
        units(`ohlcv:evm:1:${made(3)}:1m`),
        caps,
      ),
    ).toBe('pools');
    // the same pools again add nothing: they pass
    expect(
      judgeHold(
        [...held, units(`ohlcv:evm:1:${made(2)}:1m`)],
        units(`ohlcv:evm:1:${POOL}:1d`),
        caps,
      ),
    ).toBeNull();
    expect(judgeHold([units(`trades:evm:1:${POOL}`)], units(`trades:evm:1:${made(2)}`), caps)).toBe(
      'polls',
    );
    expect(
      judgeHold(
        [units('tx:ethereum:0x' + '1'.repeat(40))],
        units('tx:ethereum:0x' + '2'.repeat(40)),
        caps,
      ),
    ).toBe('watches');
    expect(
      judgeHold(
        Array.from({ length: 10 }, () => []),
        [],
        caps,
      ),
    ).toBe('holds');
    expect(
      judgeHold(
        held,
        units(
          'tx',
          `trades:evm:1:${POOL}`,
          `ohlcv:evm:1:${POOL}:1s`,
          `ohlcv:evm:1:${POOL}:1d`,
          `ohlcv:evm:1:${POOL}:1w`,
        ),
        caps,
      ),
    ).toBe('topics');
  });

  it('a share is a percentage of the cap, at least one', () => {
    expect(clientShare(200, 25)).toBe(50);
    expect(clientShare(50, 25)).toBe(12);
    expect(clientShare(2, 25)).toBe(1);
  });

  it('the memory store takes and gives back', async () => {
    const store = memoryHolds();
    const a = await store.acquire('c', units(`trades:evm:1:${POOL}`), { holds: 2, polls: 1 });
    expect(a.ok).toBe(true);
    expect(
      await store.acquire('c', units(`trades:evm:1:${made(4)}`), { holds: 2, polls: 1 }),
    ).toEqual({
      ok: false,
      refused: 'polls',
    });
    expect(
      (await store.acquire('other', units(`trades:evm:1:${made(4)}`), { holds: 2, polls: 1 })).ok,
    ).toBe(true);
    if (a.ok) a.release();
    expect(
      (await store.acquire('c', units(`trades:evm:1:${made(4)}`), { holds: 2, polls: 1 })).ok,
    ).toBe(true);
  });
});
