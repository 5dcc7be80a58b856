import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closedPortUrl, startRecordingSim, type RecordingUpstream } from '../../support/upstream';

let upstream: RecordingUpstream;
const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

async function load(env: Record<string, string>) {
  for (const [k, v] of Object.entries(env)) process.env[k] = v;
  vi.resetModules();
  // A fresh set of clients starts from an empty cache, as a fresh process does.
  (await import('@/lib/upstream/exchange')).clearExchangeCache();
  return {
    price: (await import('@/lib/upstream/price/client')).priceClient,
    tx: (await import('@/lib/upstream/tx/client')).txClient,
    kline: (await import('@/lib/upstream/kline/client')).klineClient,
    UpstreamError: (await import('@/lib/upstream/base-client')).UpstreamError,
  };
}

beforeAll(async () => {
  upstream = await startRecordingSim('client-key-0001');
});
afterAll(async () => {
  await upstream.close();
});

describe('typed upstream clients parse what the simulator serves', () => {
  it('price', async () => {
    const { price } = await load({
      UPSTREAM_BASE_URL: upstream.url,
      UPSTREAM_API_KEY: upstream.key,
    });
    expect((await price.chains()).length).toBeGreaterThanOrEqual(9);
    expect((await price.chain('ethereum'))?.chain_id).toBe(1);
    expect(await price.chain('atlantis')).toBeNull();
    const quotes = await price.quotesLatest([1, 2], 'EUR');
    expect(quotes.map((q) => q.fiat_code)).toEqual(['EUR', 'EUR']);
    expect((await price.tokens({ page: 1, limit: 5 })).items).toHaveLength(5);
    expect((await price.tokenPlatforms('USDC')).length).toBeGreaterThanOrEqual(5);
    expect((await price.tokenDetails([1]))[0]?.external_ids.length).toBeGreaterThan(0);
    expect((await price.fiatRates('USD')).every((r) => /^\d+\.\d{8}$/.test(r.rate))).toBe(true);
    expect((await price.pool('evm', 1, UNISWAP))?.dex).toBeTruthy();
    expect(await price.pool('evm', 1, '0x0000000000000000000000000000000000000001')).toBeNull();
    const batch = await price.quotesBatch([
      {
        chain_type: 'ethereum',
        chain_id: 1,
        token_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      },
    ]);
    expect(batch[0]?.symbol).toBe('USDC');
  });

  it('tx', async () => {
    const { tx } = await load({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_API_KEY: upstream.key });
    const page = await tx.search({
      address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
      limit: 5,
    });
    expect(page).toHaveLength(5);
    const first = page[0]!;
    expect((await tx.transaction(first.tx_hash, first.chain_type, first.chain_id))?.tx_hash).toBe(
      first.tx_hash,
    );
    expect(await tx.transaction(`0x${'ab'.repeat(32)}`, 'ethereum', 1)).toBeNull();
    expect((await tx.poolTrades(UNISWAP, 'ethereum', 1, 3)).length).toBe(3);
    expect((await tx.appConfig()).app_id).toBeTruthy();
    expect(await tx.appConfig()).not.toHaveProperty('webhook_secret');
    expect(typeof (await tx.retryStatus()).pending).toBe('number');
    expect(typeof (await tx.wsStatus()).connectedClients).toBe('number');
  });

  it('kline', async () => {
    const { kline } = await load({
      UPSTREAM_BASE_URL: upstream.url,
      UPSTREAM_API_KEY: upstream.key,
    });
    const now = Math.floor(Date.now() / 1000);
    const candles = await kline.ohlcv({
      chain_type: 'evm',
      chain_id: 1,
      pool_address: UNISWAP,
      interval: '1h',
      from: now - 86_400,
      to: now,
    });
    expect(candles.length).toBeGreaterThanOrEqual(24);
    expect((await kline.marketPool('eth', UNISWAP)).address.toLowerCase()).toBe(UNISWAP);
    expect(
      (await kline.topHolders('eth', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 5)).length,
    ).toBe(5);
    expect((await kline.coin('eth', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2')).symbol).toBe(
      'WETH',
    );
  });

  it('errors are typed: the upstream failure, and an unreachable upstream', async () => {
    const { price, UpstreamError } = await load({
      UPSTREAM_BASE_URL: upstream.url,
      UPSTREAM_API_KEY: 'wrong-key',
    });
    const refused = await price.chains().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ service: 'price', kind: 'failure', status: 401 });
    const down = await load({ UPSTREAM_BASE_URL: await closedPortUrl(), UPSTREAM_API_KEY: 'k' });
    const error = await down.price.fiats().catch((e: unknown) => e);
    expect(error).toMatchObject({ service: 'price', kind: 'unreachable', path: '/fiats' });
    expect(String((error as Error).message)).not.toContain('k@');
  });
});
