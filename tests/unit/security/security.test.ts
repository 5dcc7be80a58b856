import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { safeNextPath } from '@/lib/core/next-path';
import { memoryRevocations } from '@/lib/server/auth/revocation';
import { txContract } from '@/lib/contracts/tx/endpoints';
import { priceContract } from '@/lib/contracts/price/endpoints';
import { canonicalQuery } from '@/lib/contracts/query';
import { HIDDEN_REASON, maskForReader } from '@/lib/server/gateway/mask';
import { bodyLeftUnread, readCappedText } from '@/lib/server/security/body';
import { safeHttpUrl } from '@/lib/core/safe-url';

const endpoint = (contract: typeof txContract, id: string) =>
  contract.endpoints.find((e) => e.id === id)!;

describe('next after sign-in', () => {
  it.each([
    ['/\t/evil.example'],
    ['/%09/evil.example'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['/%5Cevil.example'],
    ['/%2F/evil.example'],
    ['javascript:alert(1)'],
    ['https://evil.example'],
    [' /wallets'],
    ['/%E0%A4%A'],
    [''],
  ])('refuses %j', (raw) => expect(safeNextPath(raw)).toBe('/settings'));

  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/wallets?chain=ethereum#feed')).toBe('/wallets?chain=ethereum#feed');
    expect(safeNextPath(['/settings', '//evil'])).toBe('/settings');
    expect(safeNextPath(undefined, '/')).toBe('/');
  });
});

describe('links from upstream data', () => {
  it('only http(s) URLs are linked', () => {
    expect(safeHttpUrl('https://etherscan.io')).toBe('https://etherscan.io/');
    expect(safeHttpUrl('http://example.com/a')).toBe('http://example.com/a');
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'JaVaScRiPt:x',
      '//evil',
      'ftp://x',
      42,
      null,
    ])
      expect(safeHttpUrl(bad)).toBeNull();
  });
});

describe('the upstream query', () => {
  it("keeps the endpoint's parameters in its order, drops the rest, keeps commas", () => {
    const q = canonicalQuery(
      endpoint(priceContract, 'price.quotes.latest'),
      new URLSearchParams('_=1&fiat=EUR&no_cache=true&ids=1,2,3'),
    );
    expect(q).toMatchObject({ ok: true, search: '?ids=1,2,3&fiat=EUR' });
  });

  it('puts aliases under their canonical name and refuses a parameter given twice, even through an alias', () => {
    const trades = endpoint(txContract, 'tx.dexPools.trades');
    expect(canonicalQuery(trades, new URLSearchParams('chain_type=evm&chain_id=1'))).toMatchObject({
      ok: true,
      search: '?chainType=evm&chainId=1',
    });
    expect(canonicalQuery(trades, new URLSearchParams('chainType=evm&chain_type=bsc'))).toEqual({
      ok: false,
      duplicate: 'chainType',
    });
    expect(canonicalQuery(trades, new URLSearchParams('limit=1&limit=2'))).toEqual({
      ok: false,
      duplicate: 'limit',
    });
  });

  it('an endpoint without parameters forwards no query at all', () => {
    expect(
      canonicalQuery(endpoint(priceContract, 'price.chains.list'), new URLSearchParams('a=1')),
    ).toMatchObject({ ok: true, search: '' });
  });
});

describe('capped bodies', () => {
  /** As Node's server hands a chunked body over: a stream, and the framing header. */
  const chunked = (sizes: number[]) => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const size = sizes[pulled++];
        if (size === undefined) controller.close();
        else controller.enqueue(new Uint8Array(size).fill(0x41));
      },
    });
    return {
      request: new Request('http://x/', {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: { 'transfer-encoding': 'chunked' },
      } as RequestInit),
      pulled: () => pulled,
    };
  };

  it('stops reading at the first chunk over the cap', async () => {
    const { request, pulled } = chunked(Array<number>(100).fill(1024));
    expect(await readCappedText(request, 4096)).toEqual({ ok: false, reason: 'too-large' });
    expect(pulled()).toBeLessThan(10);
  });

  it('reads a body within the cap whole, and refuses a declared length over it unread', async () => {
    expect(await readCappedText(chunked([10, 10]).request, 4096)).toEqual({
      ok: true,
      text: 'A'.repeat(20),
    });
    const declared = new Request('http://x/', {
      method: 'POST',
      body: 'x'.repeat(10),
      headers: { 'content-length': '999999' },
    });
    expect(await readCappedText(declared, 4096)).toEqual({ ok: false, reason: 'too-large' });
  });

  /** A body that sends `chunks` bytes, one every `everyMs`, then stays open without ending. */
  const trickle = (everyMs: number, chunks: number) => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= chunks) return new Promise<void>(() => undefined);
        await new Promise((r) => setTimeout(r, everyMs));
        sent++;
        controller.enqueue(new Uint8Array(1).fill(0x41));
      },
    });
    return new Request('http://x/', {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { 'transfer-encoding': 'chunked' },
    } as RequestInit);
  };

  it('a body that trickles is refused once the whole deadline has passed', async () => {
    // Never stalls and never ends: only the whole deadline can end the read.
    const request = trickle(20, Infinity);
    const result = await readCappedText(request, 4096, { timeoutMs: 300, idleMs: 200 });
    expect(result).toEqual({ ok: false, reason: 'timeout' });
    expect(bodyLeftUnread(request)).toBe(true);
  });

  it('a sender that stalls is refused after the idle gap, before the whole deadline', async () => {
    // Two bytes, then silence; the whole deadline is far beyond the test's own timeout.
    const request = trickle(5, 2);
    const result = await readCappedText(request, 4096, { timeoutMs: 3_600_000, idleMs: 100 });
    expect(result).toEqual({ ok: false, reason: 'timeout' });
  });

  it('says which bodies were left unread, so their connection is closed', async () => {
    const read = chunked([10]).request;
    expect(bodyLeftUnread(read)).toBe(true);
    await readCappedText(read, 4096);
    expect(bodyLeftUnread(read)).toBe(false);
    const over = chunked(Array<number>(10).fill(1024)).request;
    await readCappedText(over, 4096);
    expect(bodyLeftUnread(over)).toBe(true);
    const declared = new Request('http://x/', {
      method: 'POST',
      body: 'x',
      headers: { 'content-length': '999999' },
    });
    await readCappedText(declared, 4096);
    expect(bodyLeftUnread(declared)).toBe(true);
    expect(bodyLeftUnread(new Request('http://x/'))).toBe(false);
    const empty = new Request('http://x/', { method: 'POST', headers: { 'content-length': '0' } });
    expect(bodyLeftUnread(empty)).toBe(false);
  });
});

describe('what a reader who is not the admin sees', () => {
  it('the webhook_url without its path, and no failure reason that names an address', () => {
    const body = JSON.stringify({
      code: 0,
      message: 'ok',
      data: {
        webhook_url: 'https://hooks.slack.com/services/T000/B000/secret',
        webhook_last_failure_reason: 'no response: connect ECONNREFUSED 10.0.0.5:6379',
      },
    });
    const masked = JSON.parse(maskForReader('tx.app.config.get', body)) as {
      data: Record<string, unknown>;
    };
    expect(masked.data.webhook_url).toBe('https://hooks.slack.com/•••');
    expect(masked.data.webhook_last_failure_reason).toBe(HIDDEN_REASON);
    const safe = JSON.stringify({
      code: 0,
      data: { webhook_last_failure_reason: 'HTTP 500 from the webhook_url' },
    });
    expect(maskForReader('tx.app.webhook.retryStatus', safe)).toContain(
      'HTTP 500 from the webhook_url',
    );
    expect(maskForReader('price.chains.list', body)).toBe(body);
  });
});

describe('session revocation', () => {
  it('remembers a revoked id until the session would have expired anyway', async () => {
    let now = 1000;
    const store = memoryRevocations(() => now);
    await store.revoke('a', 5000);
    expect(await store.check('a')).toBe('revoked');
    expect(await store.check('b')).toBe('valid');
    now = 5000;
    expect(await store.check('a')).toBe('valid');
  });
});

describe('a limiter store of another bundle', () => {
  it('its "over the limit" answer is a 429 (not an error), whichever copy of the class it is', async () => {
    const { rateLimit, setLimitStore } = await import('@/lib/server/security/limits');
    // What RateLimiterRedis, bundled in another server chunk, rejects with: a RateLimiterRes of its
    // own copy of the class, which `instanceof` does not recognise here.
    const foreign = {
      msBeforeNext: 4200,
      remainingPoints: 0,
      consumedPoints: 21,
      isFirstInDuration: false,
    };
    setLimitStore(
      () =>
        ({
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the library's own shape
          consume: () => Promise.reject(foreign),
        }) as unknown as RateLimiterAbstract,
    );
    try {
      expect(await rateLimit('foreign', { points: 20, durationSeconds: 60 }).take('k')).toEqual({
        ok: false,
        retryAfterSeconds: 5,
      });
      setLimitStore(
        () =>
          ({
            consume: () => Promise.reject(new Error('redis is down')),
          }) as unknown as RateLimiterAbstract,
      );
      await expect(
        rateLimit('broken', { points: 20, durationSeconds: 60 }).take('k'),
      ).rejects.toThrow('redis is down');
    } finally {
      setLimitStore(null);
    }
  });
});
