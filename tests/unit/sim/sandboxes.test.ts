/**
 * The demo's sandboxes (issue 25): a read never makes one; a change does, while there is room; a
 * sandbox someone is connected to or changed lately is never evicted; replays are bounded in every
 * string and list, in bytes per sandbox and in total.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '@/lib/sim';
import { sandboxApiKey } from '@/lib/sim/core/auth';
import { REPLAY_MAX_LIST, REPLAY_MAX_STRING } from '@/lib/sim/tx/bounds';
import { DEMO_FULL_MESSAGE } from '@/lib/sim/tx/tenants';

const KEY = 'sandbox-test-key';
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const id = (n: number) => `sandbox${String(n).padStart(15, '0')}`;

let sim: Simulator;
const clock = { now: 1_795_000_000_000 };

function start(
  limits: Partial<NonNullable<Parameters<typeof createSimulator>[0]>['sandboxes']> = {},
) {
  sim = createSimulator({
    apiKey: KEY,
    stateDir: null,
    logLevel: 'silent',
    txIntervalMs: 3_600_000,
    now: () => clock.now,
    sandboxes: { max: 3, idleMs: 60_000, maxAddresses: 8, ...limits },
  });
  return sim;
}

afterEach(async () => {
  await sim?.stop();
});

async function call(sandbox: string, method: string, path: string, body?: unknown) {
  const r = await sim.handle(
    new Request(`http://sim.test/tx/api/v1${path}`, {
      method,
      headers: { 'x-api-key': sandboxApiKey(KEY, sandbox), 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  return {
    status: r.status,
    body: (await r.json()) as { code: number; message: string; data: unknown },
  };
}

const change = (sandbox: string) =>
  call(sandbox, 'PUT', '/app/config', { ws_ack_resend_interval_seconds: 77 });
const configOf = async (sandbox: string) =>
  (await call(sandbox, 'GET', '/app/config')).body.data as {
    app_id: string;
    ws_ack_resend_interval_seconds: number;
  };

const replay = (hash: string, data: Record<string, unknown> = {}) => ({
  id: 'm1',
  time: clock.now,
  type: 'transaction',
  code: 0,
  msg: 'success',
  data: { chain_type: 'ethereum', chain_id: 1, tx_hash: hash, receiver: VITALIK, ...data },
});
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

describe('sandboxes are made by changes only, within the demo', () => {
  it('a read of a sandbox that does not exist reads the shared demo and makes none', async () => {
    start();
    const shared = await configOf(id(1));
    expect(sim.sandboxes?.stats().count).toBe(0);
    expect((await change(id(1))).status).toBe(200);
    expect(sim.sandboxes?.stats().count).toBe(1);
    const own = await configOf(id(1));
    expect(own.app_id).not.toBe(shared.app_id);
    expect(own.ws_ack_resend_interval_seconds).toBe(77);
  });

  it('full: a newcomer is refused with the sentence; nobody active is evicted; an idle, unchanged one makes room', async () => {
    start();
    for (const n of [1, 2, 3]) expect((await change(id(n))).status).toBe(200);
    const refused = await change(id(4));
    expect(refused).toEqual({
      status: 503,
      body: { code: 503, message: DEMO_FULL_MESSAGE, data: null },
    });
    for (const n of [1, 2, 3])
      expect((await configOf(id(n))).ws_ack_resend_interval_seconds).toBe(77);
    // a client on sandbox 1 keeps it however long it idles
    const upgrade = sim.upgrade(
      '/tx/api/v1/transaction/ws',
      new Headers({
        upgrade: 'websocket',
        connection: 'Upgrade',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-version': '13',
        'x-api-key': sandboxApiKey(KEY, id(1)),
      }),
    );
    if (!upgrade.ok) throw new Error(upgrade.body);
    const session = upgrade.open({ send: () => undefined, close: () => undefined });
    clock.now += 61_000;
    expect((await change(id(4))).status).toBe(200);
    expect(sim.sandboxes?.has(id(1))).toBe(true);
    expect(sim.sandboxes?.has(id(2))).toBe(false);
    expect((await configOf(id(1))).ws_ack_resend_interval_seconds).toBe(77);
    session.closed();
  });
});

describe('replays are bounded', () => {
  it('every string and list of the body, and the body itself', async () => {
    start();
    const long = await call(
      id(1),
      'POST',
      '/transaction/ws/replay',
      replay(hash(1), { method_call: 'x'.repeat(REPLAY_MAX_STRING + 1) }),
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/data\.method_call: at most 256 characters/);
    const many = await call(
      id(1),
      'POST',
      '/transaction/ws/replay',
      replay(hash(2), { listenAddress: Array(REPLAY_MAX_LIST + 1).fill(VITALIK) }),
    );
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/data\.listenAddress: at most 50 entries/);
    const deep = await call(id(1), 'POST', '/transaction/ws/replay', {
      ...replay(hash(3)),
      extra: [[[[[[['x']]]]]]],
    });
    expect(deep.status).toBe(400);
    const huge = await call(
      id(1),
      'POST',
      '/transaction/ws/replay',
      replay(hash(4), {
        token_transfers: Array.from({ length: 40 }, () => ({
          symbol: 'x'.repeat(250),
          amount: 'y'.repeat(250),
        })),
      }),
    );
    expect(huge.status).toBe(413);
    expect((await call(id(1), 'POST', '/transaction/ws/replay', replay(hash(5)))).status).toBe(200);
  });

  it('bytes per sandbox (its oldest go) and in total (refused, with a sentence)', async () => {
    start({ maxBytes: 4096, totalBytes: 5000 });
    const fat = (n: number) =>
      replay(hash(n), {
        method_call: 'm'.repeat(250),
        sender: 's'.repeat(250),
        fee_payer: 'f'.repeat(250),
      });
    for (let n = 1; n <= 8; n++)
      expect((await call(id(1), 'POST', '/transaction/ws/replay', fat(n))).status).toBe(200);
    const first = await call(
      id(1),
      'GET',
      `/transactions/${hash(1)}?chain_type=ethereum&chain_id=1`,
    );
    const last = await call(
      id(1),
      'GET',
      `/transactions/${hash(8)}?chain_type=ethereum&chain_id=1`,
    );
    expect(first.body.data).toBeNull();
    expect(last.body.data).toMatchObject({ tx_hash: hash(8) });
    const bytes = sim.sandboxes!.stats().bytes;
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(4096);
    // a second sandbox fills what is left of the total, then is refused
    let refused: Awaited<ReturnType<typeof call>> | null = null;
    for (let n = 100; n < 110 && !refused; n++) {
      const r = await call(id(2), 'POST', '/transaction/ws/replay', fat(n));
      if (r.status !== 200) refused = r;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body.message).toMatch(/try again in a few minutes/);
    expect(sim.sandboxes!.stats().bytes).toBeLessThanOrEqual(5000);
  });
});
