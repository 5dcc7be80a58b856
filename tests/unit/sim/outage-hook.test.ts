import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '@/lib/sim';
import { listen, type RunningSim } from '@/lib/sim/node-server';

let running: RunningSim | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(outageLimitMs?: number) {
  const sim = createSimulator({ apiKey: 'k', stateDir: null, logLevel: 'silent' });
  running = await listen(sim, 0, '127.0.0.1', { control: true, outageLimitMs });
  const url = running.url;
  return {
    set: (state: 'down' | 'up') => fetch(`${url}/__sim/outage?state=${state}`, { method: 'POST' }),
    /** The status of a chains call, or 'reset' when the connection is dropped. */
    chains: () =>
      fetch(`${url}/price/api/v1/chains`, { headers: { 'x-api-key': 'k' } }).then(
        (r) => r.status,
        () => 'reset' as const,
      ),
  };
}

describe('POST /__sim/outage (test hook)', () => {
  it('drops every call while down and serves again once up', async () => {
    const { set, chains } = await start();
    expect(await chains()).toBe(200);
    expect(((await (await set('down')).json()) as { outage: boolean }).outage).toBe(true);
    expect(await chains()).toBe('reset');
    expect(((await (await set('up')).json()) as { outage: boolean }).outage).toBe(false);
    expect(await chains()).toBe(200);
  });

  // Limits and waits far apart (hundreds of ms either side), so a busy machine cannot flip them.
  it('ends by itself after its limit, so a test that dies mid-outage cannot leave it down', async () => {
    const { set, chains } = await start(1000);
    await set('down');
    expect(await chains()).toBe('reset');
    await sleep(1400);
    expect(await chains()).toBe(200);
  });

  it('a new outage restarts the limit; up clears it', async () => {
    const { set, chains } = await start(2000);
    await set('down');
    await sleep(1200);
    await set('down');
    // 2.4 s after the first outage, 1.2 s into the second.
    await sleep(1200);
    expect(await chains()).toBe('reset');
    await set('up');
    expect(await chains()).toBe(200);
  });
});
