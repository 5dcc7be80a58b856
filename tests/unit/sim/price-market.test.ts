/**
 * Price service of the simulator, against a real port: quotes by id and by address, pools, and the
 * agreement between `priceContract.validate()` and what the simulator answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createSimulator } from '@/lib/sim';
import { listen, type RunningSim } from '@/lib/sim/node-server';
import { CHAINS, POOLS } from '@/lib/sim/catalogue';
import { tokenCatalogue } from '@/lib/sim/price/tokens';
import { priceContract } from '@/lib/contracts/price/endpoints';
import type { RequestBody } from '@/lib/contracts/types';
import {
  FiatRatesResponse,
  PoolObject,
  PoolResponse,
  PriceFailure,
  QuotesBatchResponse,
  QuotesLatestResponse,
} from '@/lib/contracts/price/schema';

const KEY = 'price-test-key';
const SEED = 'price-market-test';
const START = Date.UTC(2025, 5, 10, 12, 20, 30);
let clock = START;
let running: RunningSim;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'price-sim-'));
  const sim = createSimulator({
    stateDir,
    logLevel: 'silent',
    apiKey: KEY,
    seed: SEED,
    now: () => clock,
    txIntervalMs: 60_000,
  });
  running = await listen(sim, 0);
});

afterAll(async () => {
  await running.close();
  rmSync(stateDir, { recursive: true, force: true });
});

async function call(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-api-key', KEY);
  const response = await fetch(`${running.url}/price/api/v1${path}`, { ...init, headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as unknown,
  };
}

const batch = (body: unknown) =>
  call('/quotes/batch', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

function expectFailure(
  result: { status: number; body: unknown },
  status: number,
  code: number,
  msg: string,
) {
  expect(result.status).toBe(status);
  expect(PriceFailure.parse(result.body)).toEqual({ code, msg, data: '' });
}

async function atClock<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const saved = clock;
  clock = ms;
  try {
    return await run();
  } finally {
    clock = saved;
  }
}

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_SOL = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('quotes/latest', () => {
  const catalogue = tokenCatalogue(SEED);

  it('answers string figures in USD by default with the 3-second cache header', async () => {
    const { status, headers, body } = await call('/quotes/latest?ids=1,2,6');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=3, s-maxage=3');
    const items = QuotesLatestResponse.parse(body).data.items;
    expect(items.map((q) => q.token_id)).toEqual([1, 2, 6]);
    expect(Object.keys((body as { data: object }).data)).toEqual(['items']);
    const [btc, eth, usdc] = items;
    expect(btc).toMatchObject({
      symbol: 'BTC',
      fiat_code: 'USD',
      fiat_id: 1,
      max_supply: '21000000',
      circulating_supply: '19790000',
    });
    expect(Number(btc?.price)).toBeGreaterThan(10_000);
    expect(Number(usdc?.price)).toBeGreaterThan(0.97);
    expect(Number(usdc?.price)).toBeLessThan(1.03);
    // ETH has no max supply; the latest table has no null, so it is "0" and FDV uses the total supply.
    expect(eth?.max_supply).toBe('0');
    const price = Number(eth?.price);
    expect(Number(eth?.market_cap)).toBeCloseTo(price * Number(eth?.circulating_supply), -3);
    expect(Number(eth?.fully_diluted_valuation)).toBeCloseTo(price * Number(eth?.total_supply), -3);
    expect(Number(btc?.fully_diluted_valuation) / Number(btc?.price)).toBeCloseTo(21_000_000, -1);
  });

  it('leaves out unknown, non-numeric, duplicate and inactive ids', async () => {
    const inactive = catalogue.all.find((t) => !t.active);
    const { body } = await call(`/quotes/latest?ids=2,abc,999999,,${inactive?.id},1,2,-4`);
    expect(QuotesLatestResponse.parse(body).data.items.map((q) => q.token_id)).toEqual([2, 1]);
    const none = await call('/quotes/latest?ids=abc,999999');
    expect(QuotesLatestResponse.parse(none.body).data.items).toEqual([]);
  });

  it('missing ids is code 20001', async () => {
    for (const path of ['/quotes/latest', '/quotes/latest?ids=', '/quotes/latest?fiat=EUR']) {
      const result = await call(path);
      expectFailure(result, 400, 20001, 'ids is required');
      expect(result.headers.get('cache-control')).toBeNull();
    }
  });

  it('converts to another fiat with the fiat rates, any case', async () => {
    const rates = FiatRatesResponse.parse((await call('/fiats/rates/USD')).body).data.items;
    const usdToEur = Number(rates.find((r) => r.target_fiat_code === 'EUR')?.rate);
    const usd = QuotesLatestResponse.parse((await call('/quotes/latest?ids=1,2')).body).data.items;
    for (const fiat of ['EUR', 'eur']) {
      const eur = QuotesLatestResponse.parse(
        (await call(`/quotes/latest?ids=1,2&fiat=${fiat}`)).body,
      ).data.items;
      expect(eur[0]).toMatchObject({ fiat_code: 'EUR', fiat_id: 2 });
      for (let i = 0; i < 2; i++) {
        expect(Number(eur[i]?.price) / Number(usd[i]?.price)).toBeCloseTo(usdToEur, 6);
        expect(Number(eur[i]?.market_cap) / Number(usd[i]?.market_cap)).toBeCloseTo(usdToEur, 6);
        expect(eur[i]?.percent_change_24h).toBe(usd[i]?.percent_change_24h);
      }
    }
  });

  it('an unsupported fiat is code 20001 naming it', async () => {
    expectFailure(await call('/quotes/latest?ids=1&fiat=xyz'), 400, 20001, 'unsupported fiat: XYZ');
    expectFailure(await call('/quotes/latest?ids=1&fiat=VES'), 400, 20001, 'unsupported fiat: VES');
  });

  it('a 3-second poll sees fresh prices, and the same second gives the same answer', async () => {
    const ids = catalogue.active
      .slice(0, 40)
      .map((t) => t.id)
      .join(',');
    const first = QuotesLatestResponse.parse((await call(`/quotes/latest?ids=${ids}`)).body).data
      .items;
    const again = QuotesLatestResponse.parse((await call(`/quotes/latest?ids=${ids}`)).body).data
      .items;
    expect(again).toEqual(first);
    const later = await atClock(
      START + 3_000,
      async () =>
        QuotesLatestResponse.parse((await call(`/quotes/latest?ids=${ids}`)).body).data.items,
    );
    const moved = later.filter((q, i) => q.price !== first[i]?.price).length;
    expect(moved).toBeGreaterThan(first.length / 2);
  });

  it('answers 1,000 ids at once', async () => {
    const ids = catalogue.active
      .slice(0, 1_000)
      .map((t) => t.id)
      .join(',');
    const warm = QuotesLatestResponse.parse((await call(`/quotes/latest?ids=${ids}`)).body).data
      .items;
    expect(warm).toHaveLength(1_000);
    await atClock(START + 1_000, async () => {
      // Its latency is measured by `npm run bench:units`.
      const { body } = await call(`/quotes/latest?ids=${ids}`);
      expect(QuotesLatestResponse.parse(body).data.items).toHaveLength(1_000);
    });
  }, 30_000);
});

describe('quotes/batch', () => {
  it('finds tokens by chain type (standard or alias, any case), chain id and address', async () => {
    const { status, body } = await batch({
      token_addrs: [
        { chain_type: 'ethereum', chain_id: 1, token_address: USDC_ETH.toLowerCase() },
        { chain_type: 'solana', chain_id: null, token_address: USDC_SOL },
        { chain_type: 'TRON', token_address: USDT_TRON },
        {
          chain_type: 'EVM',
          chain_id: 8453,
          token_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        },
        {
          chain_type: 'svm',
          chain_id: 501,
          token_address: 'So11111111111111111111111111111111111111112',
        },
      ],
    });
    expect(status).toBe(200);
    const items = QuotesBatchResponse.parse(body).data.items;
    expect(items.map((q) => [q.symbol, q.chain_type, q.chain_id])).toEqual([
      ['USDC', 'evm', 1],
      ['USDC', 'svm', 501],
      ['USDT', 'tvm', 728126428],
      ['USDC', 'evm', 8453],
      ['SOL', 'svm', 501],
    ]);
    expect(items[0]).toMatchObject({ token_id: 6, address: USDC_ETH, external_id: 'usd-coin' });
    expect(Object.keys((body as { data: object }).data)).toEqual(['items']);
    expect(items.length).toBeGreaterThan(0);
    for (const q of items) {
      expect(typeof q.price_usd).toBe('number');
      expect(q.last_updated).toBe(new Date(START).toISOString().replace('.000Z', 'Z'));
    }
  });

  it('agrees with quotes/latest at the same instant', async () => {
    const latest = QuotesLatestResponse.parse((await call('/quotes/latest?ids=6,24')).body).data
      .items;
    const items = QuotesBatchResponse.parse(
      (
        await batch({
          token_addrs: [
            { chain_type: 'evm', chain_id: 1, token_address: USDC_ETH },
            {
              chain_type: 'evm',
              chain_id: 1,
              token_address: '0x6982508145454Ce325dDbE47a25d4ec3d2311933',
            },
          ],
        })
      ).body,
    ).data.items;
    expect(items.map((q) => q.token_id)).toEqual([6, 24]);
    for (let i = 0; i < 2; i++) {
      expect(items[i]?.price_usd).toBeCloseTo(Number(latest[i]?.price), 8);
      expect(items[i]?.percent_change_24h).toBeCloseTo(Number(latest[i]?.percent_change_24h), 3);
    }
    // PEPE has a max supply; WETH (unlimited) gives null.
    expect(items[1]?.max_supply).toBe(420_690_000_000_000);
    const weth = QuotesBatchResponse.parse(
      (
        await batch({
          token_addrs: [
            {
              chain_type: 'evm',
              chain_id: 1,
              token_address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
            },
          ],
        })
      ).body,
    ).data.items;
    expect(weth[0]?.max_supply).toBeNull();
  });

  it('leaves out entries that match nothing, and duplicates', async () => {
    const items = QuotesBatchResponse.parse(
      (
        await batch({
          token_addrs: [
            { chain_type: 'evm', token_address: USDC_ETH }, // EVM without chain_id
            { chain_type: 'svm', token_address: USDC_SOL.toLowerCase() }, // Base58 is case-sensitive
            { chain_type: 'foo', chain_id: 1, token_address: USDC_ETH },
            { chain_type: 'evm', chain_id: 56, token_address: USDC_ETH }, // wrong chain
            { chain_type: 'svm', chain_id: 1, token_address: USDC_SOL }, // wrong protocol id
            { chain_type: 'evm', chain_id: 1, token_address: '' },
            { chain_type: 'evm', chain_id: 1, token_address: USDC_ETH },
            { chain_type: 'ethereum', chain_id: 1, token_address: USDC_ETH.toLowerCase() },
          ],
        })
      ).body,
    ).data.items;
    expect(items.map((q) => q.token_id)).toEqual([6]);
  });

  it('converts fiat figures and keeps the USD ones', async () => {
    const rates = FiatRatesResponse.parse((await call('/fiats/rates/USD')).body).data.items;
    const usdToGbp = Number(rates.find((r) => r.target_fiat_code === 'GBP')?.rate);
    const [q] = QuotesBatchResponse.parse(
      (
        await batch({
          fiat: 'gbp',
          token_addrs: [{ chain_type: 'evm', chain_id: 1, token_address: USDC_ETH }],
        })
      ).body,
    ).data.items;
    expect(q).toBeDefined();
    expect((q?.market_cap ?? 0) / (q?.market_cap_usd ?? 1)).toBeCloseTo(usdToGbp, 6);
    expect((q?.total_volume ?? 0) / (q?.volume_24h_usd ?? 1)).toBeCloseTo(usdToGbp, 6);
    expectFailure(
      await batch({
        fiat: 'XYZ',
        token_addrs: [{ chain_type: 'evm', chain_id: 1, token_address: USDC_ETH }],
      }),
      400,
      20001,
      'unsupported fiat: XYZ',
    );
  });

  it.each([['{"token_addrs":[]}'], ['{}'], ['{"token_addrs":null}'], [''], ['null']])(
    'body %j is token_addrs is required',
    async (body) => {
      expectFailure(await batch(body), 400, 20003, 'token_addrs is required');
    },
  );

  it.each([
    ['{"token_addrs":['],
    ['not json'],
    ['[]'],
    ['{"token_addrs":"x"}'],
    ['{"token_addrs":[1]}'],
    ['{"token_addrs":[{"chain_type":1}]}'],
    ['{"token_addrs":[{"chain_type":"evm","chain_id":"1","token_address":"0x"}]}'],
  ])('body %j is invalid JSON body', async (body) => {
    expectFailure(await batch(body), 400, 20003, 'invalid JSON body');
  });
});

describe('pools', () => {
  const UNI = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
  const RAY = '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW';

  it('checks chain_type, chain_id and pool_address in that order', async () => {
    expectFailure(await call('/pools'), 400, 20001, 'chain_type is required');
    expectFailure(
      await call(`/pools?chain_id=1&pool_address=${UNI}`),
      400,
      20001,
      'chain_type is required',
    );
    expectFailure(
      await call(`/pools?chain_type=evm&pool_address=${UNI}`),
      400,
      20001,
      'chain_id is required',
    );
    expectFailure(
      await call('/pools?chain_type=evm&chain_id=1'),
      400,
      20001,
      'pool_address is required',
    );
    expectFailure(
      await call('/pools?chain_type=evm&chain_id=1&pool_address='),
      400,
      20001,
      'pool_address is required',
    );
  });

  it('returns the pool object for a catalogue pool, alias and address case free for EVM', async () => {
    for (const query of [
      `chain_type=evm&chain_id=1&pool_address=${UNI}`,
      `chain_type=Ethereum&chain_id=1&pool_address=${UNI.toUpperCase().replace('0X', '0x')}`,
    ]) {
      const { status, body } = await call(`/pools?${query}`);
      expect(status).toBe(200);
      const pool = PoolResponse.parse(body).data;
      expect(pool).toMatchObject({
        id: `eth_${UNI}`,
        address: UNI,
        network: 'eth',
        dex: 'uniswap_v3',
        name: 'WETH / USDC 0.05%',
        base_token: { symbol: 'WETH' },
        quote_token: { symbol: 'USDC' },
      });
      expect(Object.keys(pool?.volume_usd ?? {})).toEqual(['m5', 'm15', 'm30', 'h1', 'h6', 'h24']);
      expect(Number(pool?.volume_usd.h24)).toBeGreaterThan(Number(pool?.volume_usd.h1));
      expect(Number(pool?.base_token_price_usd)).toBeGreaterThan(100);
      expect(Number(pool?.reserve_in_usd)).toBeGreaterThan(0);
      expect(pool?.transactions.h24.buys).toBeGreaterThan(0);
    }
    const solana = PoolResponse.parse(
      (await call(`/pools?chain_type=solana&chain_id=501&pool_address=${RAY}`)).body,
    ).data;
    expect(solana?.id).toBe(`solana_${RAY}`);
  });

  it('serves every catalogue pool, at least one with market_cap_usd null', async () => {
    const objects = [];
    for (const pool of POOLS) {
      const chain = CHAINS.find((c) => c.id === pool.chain);
      const { body } = await call(
        `/pools?chain_type=${chain?.chain_type}&chain_id=${chain?.chain_id}&pool_address=${pool.address}`,
      );
      const object = PoolObject.parse(PoolResponse.parse(body).data);
      expect(object.id).toBe(`${chain?.network}_${pool.address}`);
      objects.push(object);
    }
    expect(objects.some((o) => o.market_cap_usd === null)).toBe(true);
    expect(objects.some((o) => o.market_cap_usd !== null)).toBe(true);
  });

  it('answers data null when the chain or the pool does not exist', async () => {
    for (const query of [
      'chain_type=evm&chain_id=1&pool_address=0x0000000000000000000000000000000000000001',
      `chain_type=evm&chain_id=56&pool_address=${UNI}`,
      `chain_type=svm&chain_id=1&pool_address=${UNI}`,
      `chain_type=foo&chain_id=1&pool_address=${UNI}`,
      `chain_type=evm&chain_id=abc&pool_address=${UNI}`,
      `chain_type=svm&chain_id=501&pool_address=${RAY.toLowerCase()}`,
    ]) {
      const { status, body } = await call(`/pools?${query}`);
      expect(status).toBe(200);
      expect(body).toEqual({ code: 0, msg: 'success', data: null });
      expect(PoolResponse.parse(body).data).toBeNull();
    }
  });

  it('serves the snapshot of the start of the current UTC hour', async () => {
    const path = `/pools?chain_type=evm&chain_id=1&pool_address=${UNI}`;
    const hourStart = START - (START % 3_600_000);
    const now = (await call(path)).body;
    const sameHour = await atClock(hourStart + 3_599_000, async () => (await call(path)).body);
    const atStart = await atClock(hourStart, async () => (await call(path)).body);
    const nextHour = await atClock(hourStart + 3_600_000, async () => (await call(path)).body);
    expect(sameHour).toEqual(now);
    expect(atStart).toEqual(now);
    expect(nextHour).not.toEqual(now);
  });
});

describe('contract', () => {
  const endpoint = (id: string) => {
    const found = priceContract.endpoints.find((e) => e.id === id);
    if (!found) throw new Error(`no endpoint ${id}`);
    return found;
  };
  const json = (value: unknown): RequestBody => ({ kind: 'json', value });

  it('lists every seed endpoint with its method, path and caches', () => {
    expect(priceContract.prefix).toBe('/price/api/v1');
    expect(priceContract.endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [
        'GET /chains',
        'GET /chains/:id_or_name',
        'GET /quotes/latest',
        'POST /quotes/batch',
        'GET /tokens',
        'POST /tokens/details',
        'GET /tokens/platforms/:keyword',
        'GET /fiats',
        'GET /fiats/rates/:base',
        'GET /pools',
      ].sort(),
    );
    expect(priceContract.endpoints.every((e) => e.auth === 'key' && !e.mutates)).toBe(true);
    expect(endpoint('price.quotes.latest').cacheSeconds).toBe(3);
    expect(endpoint('price.pools.get').cacheSeconds).toBe(3600);
  });

  it('answers not-found and upstream failures in the price envelope', () => {
    const notFound = priceContract.notFound();
    expect(notFound.status).toBe(404);
    expect(PriceFailure.parse(notFound.body)).toEqual({ code: 404, msg: 'not found', data: '' });
    const down = priceContract.upstreamFailure(504, 'timeout');
    expect(down.status).toBe(504);
    expect(PriceFailure.parse(down.body)).toEqual({
      code: 504,
      msg: 'price service unavailable: timeout',
      data: '',
    });
    expect(priceContract.upstreamFailure(502, 'bad gateway').status).toBe(502);
  });

  it('validate() and the simulator both give the errors of the seed, written here from it', async () => {
    // The seed's error table (docs/contracts.md, "Price service"); HTTP 400 for 20001 and 20003
    // (docs/simulator/README.md, "Decisions").
    const fail = (code: number, msg: string) => ({ status: 400, body: { code, msg, data: '' } });
    const cases: {
      id: string;
      path: string;
      query?: string;
      body?: string;
      expected: { status: number; body: unknown };
    }[] = [
      {
        id: 'price.quotes.latest',
        path: '/quotes/latest',
        expected: fail(20001, 'ids is required'),
      },
      {
        id: 'price.pools.get',
        path: '/pools',
        query: 'chain_type=evm',
        expected: fail(20001, 'chain_id is required'),
      },
      {
        id: 'price.pools.get',
        path: '/pools',
        query: 'chain_type=evm&chain_id=1',
        expected: fail(20001, 'pool_address is required'),
      },
      {
        id: 'price.quotes.batch',
        path: '/quotes/batch',
        body: '{"token_addrs":[]}',
        expected: fail(20003, 'token_addrs is required'),
      },
      {
        id: 'price.quotes.batch',
        path: '/quotes/batch',
        body: '{oops',
        expected: fail(20003, 'invalid JSON body'),
      },
      {
        id: 'price.tokens.details',
        path: '/tokens/details',
        body: '{"ids":[]}',
        expected: fail(20003, 'ids is required'),
      },
      {
        id: 'price.tokens.details',
        path: '/tokens/details',
        body: '{"ids":[0]}',
        expected: fail(20003, 'ids must be positive integers'),
      },
    ];
    for (const c of cases) {
      const e = endpoint(c.id);
      let body: RequestBody = { kind: 'none' };
      if (c.body !== undefined) {
        try {
          body = json(JSON.parse(c.body));
        } catch {
          body = { kind: 'invalid' };
        }
      }
      const rejection = e.validate?.({
        params: {},
        query: new URLSearchParams(c.query ?? ''),
        body,
      });
      expect(rejection, c.path).toEqual(c.expected);
      const actual = await call(`${c.path}${c.query ? `?${c.query}` : ''}`, {
        method: e.method,
        body: c.body,
        headers: c.body === undefined ? {} : { 'content-type': 'application/json' },
      });
      expect({ status: actual.status, body: actual.body }, c.path).toEqual(c.expected);
    }
  });

  it('validate() lets well-formed requests through', () => {
    const none: RequestBody = { kind: 'none' };
    expect(
      endpoint('price.quotes.latest').validate?.({
        params: {},
        query: new URLSearchParams('ids=1'),
        body: none,
      }),
    ).toBeNull();
    expect(
      endpoint('price.pools.get').validate?.({
        params: {},
        query: new URLSearchParams('chain_type=evm&chain_id=1&pool_address=0x1'),
        body: none,
      }),
    ).toBeNull();
    expect(
      endpoint('price.tokens.details').validate?.({
        params: {},
        query: new URLSearchParams(),
        body: json({ ids: [1, 2] }),
      }),
    ).toBeNull();
    expect(
      endpoint('price.quotes.batch').validate?.({
        params: {},
        query: new URLSearchParams(),
        body: json({
          token_addrs: [{ chain_type: 'solana', chain_id: null, token_address: USDC_SOL }],
        }),
      }),
    ).toBeNull();
  });
});
