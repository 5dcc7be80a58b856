/**
 * Price service of the simulator, against a real port: auth, routing, chains, tokens, token
 * details, platforms, fiats and fiat rates (docs/contracts.md, "Price service", docs/simulator/README.md, "What the seeds leave open").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createSimulator } from '@/lib/sim';
import { listen, type RunningSim } from '@/lib/sim/node-server';
import { CHAINS, NOTABLE_TOKENS } from '@/lib/sim/catalogue';
import { tokenCatalogue } from '@/lib/sim/price/tokens';
import {
  ChainResponse,
  ChainsResponse,
  FiatRatesResponse,
  FiatsResponse,
  PriceFailure,
  TokenDetailsResponse,
  TokenPlatformsResponse,
  TokensResponse,
} from '@/lib/contracts/price/schema';

const KEY = 'price-test-key';
const SEED = 'price-catalogue-test';
const DAY_MS = 86_400_000;
let clock = Date.UTC(2025, 5, 10, 12, 0, 30);
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

async function call(path: string, init: RequestInit & { key?: string | null } = {}) {
  const { key = KEY, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key !== null) headers.set('x-api-key', key);
  const response = await fetch(`${running.url}/price/api/v1${path}`, { ...rest, headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as unknown,
  };
}

const post = (path: string, body: string, key?: string | null) =>
  call(path, { method: 'POST', body, headers: { 'content-type': 'application/json' }, key });

function expectFailure(
  result: { status: number; body: unknown },
  status: number,
  code: number,
  msg: string,
) {
  expect(result.status).toBe(status);
  expect(PriceFailure.parse(result.body)).toEqual({ code, msg, data: '' });
}

describe('auth and routing', () => {
  const endpoints: [string, string][] = [
    ['GET', '/chains'],
    ['GET', '/chains/1'],
    ['GET', '/quotes/latest?ids=1'],
    ['POST', '/quotes/batch'],
    ['GET', '/tokens'],
    ['POST', '/tokens/details'],
    ['GET', '/tokens/platforms/USDC'],
    ['GET', '/fiats'],
    ['GET', '/fiats/rates/USD'],
    [
      'GET',
      '/pools?chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
    ],
  ];

  it.each(endpoints)('%s %s without a key is 401 in the price envelope', async (method, path) => {
    const body = method === 'POST' ? '{"ids":[1],"token_addrs":[]}' : undefined;
    expectFailure(await call(path, { method, body, key: null }), 401, 401, 'Unauthorized');
  });

  it('a wrong key is 401 too, and the right key passes', async () => {
    expectFailure(await call('/chains', { key: 'wrong' }), 401, 401, 'Unauthorized');
    expectFailure(await call('/chains', { key: `${KEY}x` }), 401, 401, 'Unauthorized');
    expect((await call('/chains')).status).toBe(200);
  });

  it('an unknown path or a known path under another method is 404 in the price envelope', async () => {
    expectFailure(await call('/nope'), 404, 404, 'not found');
    expectFailure(await call('/chains/1/extra'), 404, 404, 'not found');
    expectFailure(await call('/quotes/batch'), 404, 404, 'not found');
    expectFailure(await call('/tokens/details'), 404, 404, 'not found');
    expectFailure(await call('/chains', { method: 'POST', body: '{}' }), 404, 404, 'not found');
    expectFailure(await call('/nope', { key: null }), 404, 404, 'not found');
  });
});

describe('chains', () => {
  it('lists every catalogue chain with its internal and protocol ids', async () => {
    const { status, body } = await call('/chains');
    expect(status).toBe(200);
    const data = ChainsResponse.parse(body).data;
    expect(data.total).toBe(CHAINS.length);
    expect(data.items).toHaveLength(CHAINS.length);
    const byName = new Map(data.items.map((c) => [c.name, c]));
    expect(byName.get('Ethereum')).toMatchObject({
      id: 1,
      chain_id: 1,
      chain_type: 'evm',
      short_name: 'ETH',
    });
    expect(byName.get('Solana')).toMatchObject({ chain_id: 501, chain_type: 'svm' });
    expect(byName.get('Tron')).toMatchObject({ chain_id: 728126428, chain_type: 'tvm' });
    expect(byName.get('Bitcoin')).toMatchObject({ chain_id: 0, chain_type: 'utxo' });
    expect(byName.get('Sui')).toMatchObject({ chain_id: 784, chain_type: 'move' });
    expect(byName.get('Cosmos Hub')).toMatchObject({ chain_id: 118, chain_type: 'cosmos' });
    expect(data.items.length).toBeGreaterThan(0);
    for (const item of data.items)
      expect(Object.keys(item).sort()).toEqual([
        'chain_icon_url',
        'chain_id',
        'chain_type',
        'explorer_url',
        'id',
        'name',
        'short_name',
      ]);
  });

  it.each([
    ['1', 'Ethereum'],
    ['2', 'BNB Smart Chain'],
    ['56', 'BNB Smart Chain'],
    ['8453', 'Base'],
    ['42161', 'Arbitrum One'],
    ['501', 'Solana'],
    ['0', 'Bitcoin'],
    ['solana', 'Solana'],
    ['SOLANA', 'Solana'],
    ['sol', 'Solana'],
    ['bnb%20smart%20chain', 'BNB Smart Chain'],
    ['Cosmos%20Hub', 'Cosmos Hub'],
    ['bsc', 'BNB Smart Chain'],
  ])('chains/%s finds %s', async (key, name) => {
    const { status, body } = await call(`/chains/${key}`);
    expect(status).toBe(200);
    const data = ChainResponse.parse(body).data;
    expect(data.total).toBe(1);
    expect(data.items).toHaveLength(1);
    expect(data.items[0]?.name).toBe(name);
  });

  it('an unknown chain is HTTP 200 with code 20002', async () => {
    expectFailure(await call('/chains/nope'), 200, 20002, 'chain not found');
    expectFailure(await call('/chains/99999'), 200, 20002, 'chain not found');
  });
});

describe('tokens', () => {
  const catalogue = tokenCatalogue(SEED);
  const inactiveIds = new Set(catalogue.all.filter((t) => !t.active).map((t) => t.id));

  it('has at least 1,500 active and some inactive tokens', () => {
    expect(catalogue.active.length).toBeGreaterThanOrEqual(1_500);
    expect(inactiveIds.size).toBeGreaterThan(0);
  });

  it('pages by default with page 1 and limit 100, sorted by id, active only', async () => {
    const data = TokensResponse.parse((await call('/tokens')).body).data;
    expect(data).toMatchObject({ page: 1, limit: 100, total: catalogue.active.length });
    expect(data.items).toHaveLength(100);
    const ids = data.items.map((t) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.some((id) => inactiveIds.has(id))).toBe(false);
  });

  it('serves the notable tokens first with their real addresses and decimals', async () => {
    const data = TokensResponse.parse(
      (await call(`/tokens?limit=${NOTABLE_TOKENS.length}`)).body,
    ).data;
    NOTABLE_TOKENS.forEach((seed, i) => {
      const item = data.items[i];
      expect(item).toMatchObject({
        id: i + 1,
        symbol: seed.symbol,
        decimals: seed.decimals,
        chain_id: seed.chain,
      });
      if (seed.address === null) {
        expect(item?.is_native).toBe(true);
        expect(item).not.toHaveProperty('contract_address');
      } else {
        expect(item).toMatchObject({ is_native: false, contract_address: seed.address });
      }
    });
  });

  it('fetches everything in ceil(total / limit) pages of at most 1,000', async () => {
    const first = TokensResponse.parse((await call('/tokens?limit=1000')).body).data;
    expect(first.total).toBeGreaterThan(1_000);
    const pages = Math.ceil(first.total / 1000);
    const seen = new Set(first.items.map((t) => t.id));
    for (let page = 2; page <= pages; page++) {
      const data = TokensResponse.parse((await call(`/tokens?limit=1000&page=${page}`)).body).data;
      expect(data.page).toBe(page);
      for (const t of data.items) seen.add(t.id);
    }
    expect(seen.size).toBe(first.total);
    const beyond = TokensResponse.parse(
      (await call(`/tokens?limit=1000&page=${pages + 1}`)).body,
    ).data;
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it.each(['0', '-1', 'abc', '1.5', '1e2'])('page=%s is code 20001', async (page) => {
    expectFailure(
      await call(`/tokens?page=${page}`),
      400,
      20001,
      'page must be a positive integer',
    );
  });

  it.each(['0', '1001', 'x', '-5', '2.5'])('limit=%s is code 20001', async (limit) => {
    expectFailure(
      await call(`/tokens?limit=${limit}`),
      400,
      20001,
      'limit must be between 1 and 1000',
    );
  });

  it('chain_id only gives the native token, with page 1 and limit = items', async () => {
    for (const [chainId, symbol] of [
      [1, 'ETH'],
      [2, 'BNB'],
      [5, 'SOL'],
      [6, 'TRX'],
      [7, 'BTC'],
      [8, 'SUI'],
      [9, 'ATOM'],
    ] as const) {
      const data = TokensResponse.parse((await call(`/tokens?chain_id=${chainId}`)).body).data;
      expect(data).toMatchObject({ total: 1, page: 1, limit: 1 });
      expect(data.items[0]).toMatchObject({ symbol, chain_id: chainId, is_native: true });
      expect(data.items[0]).not.toHaveProperty('contract_address');
    }
    const none = TokensResponse.parse((await call('/tokens?chain_id=999')).body).data;
    expect(none).toEqual({ total: 0, page: 1, limit: 0, items: [] });
  });

  it('chain_id and address match one token exactly (EVM case-insensitive, Solana exact)', async () => {
    const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    for (const address of [usdc, usdc.toLowerCase(), usdc.toUpperCase().replace('0X', '0x')]) {
      const data = TokensResponse.parse(
        (await call(`/tokens?chain_id=1&address=${address}`)).body,
      ).data;
      expect(data).toMatchObject({ total: 1, page: 1, limit: 1 });
      expect(data.items[0]).toMatchObject({
        id: 6,
        symbol: 'USDC',
        contract_address: usdc,
        chain_id: 1,
      });
    }
    const sol = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const found = TokensResponse.parse((await call(`/tokens?chain_id=5&address=${sol}`)).body).data;
    expect(found.items[0]).toMatchObject({ symbol: 'USDC', chain_id: 5, chain_name: 'Solana' });
    const wrongCase = TokensResponse.parse(
      (await call(`/tokens?chain_id=5&address=${sol.toLowerCase()}`)).body,
    ).data;
    expect(wrongCase.total).toBe(0);
    const otherChain = TokensResponse.parse(
      (await call(`/tokens?chain_id=2&address=${usdc}`)).body,
    ).data;
    expect(otherChain).toEqual({ total: 0, page: 1, limit: 0, items: [] });
  });

  it('omits inactive tokens from exact matches', async () => {
    const inactive = catalogue.all.find((t) => !t.active && t.address !== null);
    expect(inactive).toBeDefined();
    const data = TokensResponse.parse(
      (await call(`/tokens?chain_id=${inactive?.chain.id}&address=${inactive?.address}`)).body,
    ).data;
    expect(data.total).toBe(0);
  });
});

describe('tokens/details', () => {
  const catalogue = tokenCatalogue(SEED);
  const inactive = catalogue.all.find((t) => !t.active);

  it('follows the de-duplicated request order and omits unknown and inactive ids', async () => {
    const ids = [2, 1, 2, 999_999, inactive?.id ?? 0, 6, 1];
    const { status, body } = await post('/tokens/details', JSON.stringify({ ids }));
    expect(status).toBe(200);
    const data = TokenDetailsResponse.parse(body).data;
    expect(data.items.map((t) => t.id)).toEqual([2, 1, 6]);
    expect(data.total).toBe(3);
  });

  it('carries supplies as numeric strings and both external ids', async () => {
    const data = TokenDetailsResponse.parse(
      (await post('/tokens/details', '{"ids":[1,2]}')).body,
    ).data;
    const [btc, eth] = data.items;
    expect(btc).toMatchObject({
      symbol: 'BTC',
      max_supply: '21000000',
      circulating_supply: '19790000',
      total_supply: '19790000',
    });
    expect(btc?.external_ids).toEqual([
      { source: 'coingecko', external_id: 'bitcoin' },
      { source: 'coinmarketcap', external_id: '1' },
    ]);
    // ETH has no max supply: the optional field is left out.
    expect(eth).not.toHaveProperty('max_supply');
    expect(eth?.is_native).toBe(true);
    expect(eth).not.toHaveProperty('contract_address');
  });

  it('accepts exactly 100 ids and refuses 101', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    const ok = TokenDetailsResponse.parse(
      (await post('/tokens/details', JSON.stringify({ ids: hundred }))).body,
    ).data;
    expect(ok.total).toBe(ok.items.length);
    expect(ok.total).toBeGreaterThan(90);
    const tooMany = [...hundred, 101];
    expectFailure(
      await post('/tokens/details', JSON.stringify({ ids: tooMany })),
      400,
      20003,
      'ids must contain at most 100 entries',
    );
  });

  it.each(['{}', '{"ids":[]}', '{"ids":null}', 'null', ''])(
    'body %j is ids is required',
    async (body) => {
      expectFailure(await post('/tokens/details', body), 400, 20003, 'ids is required');
    },
  );

  it.each([
    '{"ids":["1"]}',
    '{"ids":[0]}',
    '{"ids":[1.5]}',
    '{"ids":[-3]}',
    '{"ids":"1,2"}',
    '{"ids":[1,null]}',
    '{"ids":{"a":1}}',
  ])('body %s is ids must be positive integers', async (body) => {
    expectFailure(await post('/tokens/details', body), 400, 20003, 'ids must be positive integers');
  });

  it('a malformed body is invalid JSON body', async () => {
    expectFailure(await post('/tokens/details', '{"ids":[1'), 400, 20003, 'invalid JSON body');
    expectFailure(await post('/tokens/details', '[1,2]'), 400, 20003, 'invalid JSON body');
  });
});

describe('tokens/platforms', () => {
  const catalogue = tokenCatalogue(SEED);

  it('finds the USDC records of at least five chains, by symbol or name, any case', async () => {
    for (const keyword of ['USDC', 'usdc', 'USD%20Coin', 'usd%20coin']) {
      const data = TokenPlatformsResponse.parse(
        (await call(`/tokens/platforms/${keyword}`)).body,
      ).data;
      expect(data.total).toBe(data.items.length);
      expect(data.total).toBeGreaterThanOrEqual(5);
      expect(data.items.every((t) => t.symbol === 'USDC')).toBe(true);
      expect(new Set(data.items.map((t) => t.chain_id))).toEqual(new Set([1, 2, 3, 4, 5]));
    }
  });

  it('matches a contract address first, case-insensitively', async () => {
    const data = TokenPlatformsResponse.parse(
      (await call('/tokens/platforms/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).body,
    ).data;
    expect(data.total).toBe(1);
    expect(data.items[0]).toMatchObject({
      id: 6,
      contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    });
  });

  it('finds a filler asset bridged to several chains under one symbol', async () => {
    const counts = new Map<string, Set<number>>();
    for (const t of catalogue.active.filter((t) => t.id > NOTABLE_TOKENS.length)) {
      counts.set(t.symbol, (counts.get(t.symbol) ?? new Set()).add(t.chain.id));
    }
    const shared = [...counts.entries()].find(([, chains]) => chains.size >= 2);
    expect(shared).toBeDefined();
    const data = TokenPlatformsResponse.parse(
      (await call(`/tokens/platforms/${shared?.[0]}`)).body,
    ).data;
    expect(new Set(data.items.map((t) => t.chain_id)).size).toBeGreaterThanOrEqual(2);
  });

  it('leaves out inactive tokens and answers an empty list for no match', async () => {
    const inactive = catalogue.all.find(
      (t) =>
        !t.active && t.address !== null && !catalogue.active.some((a) => a.symbol === t.symbol),
    );
    expect(inactive).toBeDefined();
    for (const keyword of [inactive?.address ?? '', inactive?.symbol ?? '']) {
      const data = TokenPlatformsResponse.parse(
        (await call(`/tokens/platforms/${encodeURIComponent(keyword)}`)).body,
      ).data;
      expect(data).toEqual({ total: 0, items: [] });
    }
    expect(
      TokenPlatformsResponse.parse((await call('/tokens/platforms/zzzz-none')).body).data,
    ).toEqual({ total: 0, items: [] });
  });
});

describe('fiats', () => {
  it('lists the catalogue fiats with symbol "" and precision 2 where not configured', async () => {
    const data = FiatsResponse.parse((await call('/fiats')).body).data;
    expect(data.total).toBe(data.items.length);
    const byCode = new Map(data.items.map((f) => [f.code, f]));
    expect(byCode.get('USD')).toMatchObject({ symbol: '$', precision: 2 });
    expect(byCode.get('EUR')).toMatchObject({ symbol: '€', precision: 2 });
    expect(byCode.get('GBP')).toMatchObject({ precision: 2 });
    expect(byCode.get('JPY')).toMatchObject({ precision: 0 });
    expect(byCode.get('CNY')).toMatchObject({ precision: 2 });
    expect(byCode.get('KRW')).toMatchObject({ precision: 0 });
    expect(data.items.some((f) => f.symbol === '')).toBe(true);
    expect(byCode.get('NGN')?.precision).toBe(2);
    expect(new Set(data.items.map((f) => f.id)).size).toBe(data.items.length);
  });

  it('gives rates with exactly 8 decimals from USD and EUR, base case-insensitive, base left out', async () => {
    for (const base of ['USD', 'usd', 'EUR', 'eUr']) {
      const data = FiatRatesResponse.parse((await call(`/fiats/rates/${base}`)).body).data;
      expect(data.total).toBe(data.items.length);
      expect(data.total).toBeGreaterThan(5);
      expect(data.items.some((r) => r.target_fiat_code === base.toUpperCase())).toBe(false);
      for (const r of data.items) expect(r.rate).toMatch(/^\d+\.\d{8}$/);
    }
    const usd = FiatRatesResponse.parse((await call('/fiats/rates/USD')).body).data.items;
    const eur = FiatRatesResponse.parse((await call('/fiats/rates/EUR')).body).data.items;
    const usdToEur = Number(usd.find((r) => r.target_fiat_code === 'EUR')?.rate);
    const eurToUsd = Number(eur.find((r) => r.target_fiat_code === 'USD')?.rate);
    expect(usdToEur).toBeGreaterThan(0.5);
    expect(usdToEur * eurToUsd).toBeCloseTo(1, 6);
    const jpy = Number(usd.find((r) => r.target_fiat_code === 'JPY')?.rate);
    expect(jpy).toBeGreaterThan(50);
  });

  it('answers an empty list for an unknown base or a fiat without rate data', async () => {
    for (const base of ['XYZ', 'VES']) {
      const { status, body } = await call(`/fiats/rates/${base}`);
      expect(status).toBe(200);
      expect(FiatRatesResponse.parse(body).data).toEqual({ total: 0, items: [] });
    }
  });

  it('rates drift with time, deterministically', async () => {
    const at = async () =>
      FiatRatesResponse.parse((await call('/fiats/rates/USD')).body).data.items;
    const before = await at();
    expect(await at()).toEqual(before);
    const saved = clock;
    clock += DAY_MS;
    try {
      const later = await at();
      expect(later).not.toEqual(before);
      const eurBefore = Number(before.find((r) => r.target_fiat_code === 'EUR')?.rate);
      const eurLater = Number(later.find((r) => r.target_fiat_code === 'EUR')?.rate);
      expect(Math.abs(eurLater / eurBefore - 1)).toBeLessThan(0.05);
    } finally {
      clock = saved;
    }
  });
});
