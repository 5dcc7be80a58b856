import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { checkEvmAddress, checkSolanaAddress } from '@/lib/core/address';
import {
  CoinResponse,
  KlineFailure,
  MarketPoolResponse,
  TopHoldersResponse,
} from '@/lib/contracts/kline/schema';
import { get, startSim, type TestSim } from './kline-support';

const NOW_MS = Date.UTC(2025, 4, 20, 9, 30, 0);
const UNI = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const RAYDIUM = '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const SOL_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

let t: TestSim;
beforeAll(async () => {
  t = await startSim({ now: () => NOW_MS });
});
afterAll(async () => {
  await t.close();
});

const notFound = { code: 10003, message: 'Resource not found', error: { type: 'NotFoundError' } };

async function validation(path: string): Promise<Record<string, string[]>> {
  const res = await get(`${t.base}${path}`);
  expect(res.status, path).toBe(400);
  const body = KlineFailure.parse(res.body);
  expect(body).toMatchObject({
    code: 10001,
    message: 'Invalid query params',
    error: { type: 'ValidationError' },
  });
  return body.error.details?.fieldErrors ?? {};
}

describe('GET market/pools/{network}/{address}', () => {
  it('returns the price service pool object, with no extras unless asked', async () => {
    const res = await get(`${t.base}/market/pools/eth/${UNI}`);
    expect(res.status).toBe(200);
    const body = MarketPoolResponse.parse(res.body);
    expect(body).toMatchObject({ code: 0, message: 'ok' });
    expect(body.data).toMatchObject({
      id: `eth_${UNI}`,
      address: UNI,
      network: 'eth',
      dex: 'uniswap_v3',
    });
    expect(body.data.base_token.symbol).toBe('WETH');
    expect(body.data).not.toHaveProperty('volume_breakdown');
    expect(body.data).not.toHaveProperty('composition');
    expect(body.data).not.toHaveProperty('included');
  });

  it('accepts chain names and aliases as network, and matches EVM addresses in any case', async () => {
    const reference = MarketPoolResponse.parse(
      (await get(`${t.base}/market/pools/eth/${UNI}`)).body,
    ).data;
    for (const network of ['ethereum', 'Ethereum', 'ETH']) {
      const res = await get(
        `${t.base}/market/pools/${network}/${UNI.toUpperCase().replace('0X', '0x')}`,
      );
      expect(MarketPoolResponse.parse(res.body).data.id, network).toBe(reference.id);
    }
    const sol = MarketPoolResponse.parse(
      (await get(`${t.base}/market/pools/solana/${RAYDIUM}`)).body,
    ).data;
    expect(sol.id).toBe(`solana_${RAYDIUM}`);
  });

  it('adds volume_breakdown that sums to volume_usd', async () => {
    const body = MarketPoolResponse.parse(
      (await get(`${t.base}/market/pools/eth/${UNI}?include_volume_breakdown=true`)).body,
    );
    const vb = body.data.volume_breakdown;
    expect(vb).toBeDefined();
    for (const w of ['m5', 'm15', 'm30', 'h1', 'h6', 'h24'] as const) {
      const sum = Number(vb?.[w].buy_usd) + Number(vb?.[w].sell_usd);
      expect(Math.abs(sum - Number(body.data.volume_usd[w])), w).toBeLessThan(0.011);
    }
    const off = MarketPoolResponse.parse(
      (await get(`${t.base}/market/pools/eth/${UNI}?include_volume_breakdown=false`)).body,
    );
    expect(off.data.volume_breakdown).toBeUndefined();
  });

  it('adds composition whose shares make 100% of the reserve', async () => {
    const body = MarketPoolResponse.parse(
      (
        await get(
          `${t.base}/market/pools/bsc/0x36696169c63e42cd08ce11f5deebbcebae652050?include_composition=true`,
        )
      ).body,
    );
    const c = body.data.composition;
    expect(c?.base_token.symbol).toBe('WBNB');
    expect(Number(c?.base_token.percentage) + Number(c?.quote_token.percentage)).toBeCloseTo(
      100,
      1,
    );
    const value = Number(c?.base_token.value_usd) + Number(c?.quote_token.value_usd);
    expect(Math.abs(value - Number(body.data.reserve_in_usd))).toBeLessThan(0.02);
  });

  it('adds the tokens and the dex named in include', async () => {
    const body = MarketPoolResponse.parse(
      (await get(`${t.base}/market/pools/eth/${UNI}?include=base_token,dex`)).body,
    );
    expect(body.data.included?.base_token).toMatchObject({ symbol: 'WETH', decimals: 18 });
    expect(body.data.included?.dex).toEqual({ id: 'uniswap_v3', name: 'Uniswap V3' });
    expect(body.data.included?.quote_token).toBeUndefined();
  });

  it('rejects bad parameters with 10001 naming the field', async () => {
    expect(
      Object.keys(await validation(`/market/pools/eth/${UNI}?include=base_token,owner`)),
    ).toEqual(['include']);
    expect(
      Object.keys(await validation(`/market/pools/eth/${UNI}?include_volume_breakdown=yes`)),
    ).toEqual(['include_volume_breakdown']);
    expect(Object.keys(await validation(`/market/pools/eth/${UNI}?include_composition=1`))).toEqual(
      ['include_composition'],
    );
    expect(Object.keys(await validation(`/market/pools/${'n'.repeat(101)}/${UNI}`))).toEqual([
      'network',
    ]);
    expect(Object.keys(await validation(`/market/pools/eth/${'a'.repeat(201)}`))).toEqual([
      'address',
    ]);
    // the limits themselves are allowed
    expect((await get(`${t.base}/market/pools/${'n'.repeat(100)}/${'a'.repeat(200)}`)).status).toBe(
      404,
    );
  });

  it('answers 404 / 10003 for an unknown network or pool', async () => {
    for (const path of [
      `/market/pools/nochain/${UNI}`,
      `/market/pools/bsc/${UNI}`,
      `/market/pools/solana/${RAYDIUM.toLowerCase()}`,
    ]) {
      const res = await get(`${t.base}${path}`);
      expect(res.status, path).toBe(404);
      expect(KlineFailure.parse(res.body)).toEqual(notFound);
    }
  });
});

describe('GET market/tokens/{network}/{address}/top-holders', () => {
  const url = (query = '', network = 'eth', address = USDT) =>
    `${t.base}/market/tokens/${network}/${address}/top-holders${query}`;

  it('returns 10 holders by default, ranked, with descending shares', async () => {
    const body = TopHoldersResponse.parse((await get(url())).body);
    expect(body).toMatchObject({ code: 0, message: 'ok' });
    const items = body.data.items;
    expect(items.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < items.length; i++)
      expect(Number(items[i]?.percentage)).toBeLessThanOrEqual(Number(items[i - 1]?.percentage));
    for (const h of items) {
      expect(checkEvmAddress(h.address).ok).toBe(true);
      expect(h.pnl_details).toBeUndefined();
    }
    expect(new Set(items.map((h) => h.address)).size).toBe(10);
  });

  it('honours holders (a positive integer or max, capped at 100) and is deterministic', async () => {
    const ten = TopHoldersResponse.parse((await get(url())).body).data.items;
    const three = TopHoldersResponse.parse((await get(url('?holders=3'))).body).data.items;
    expect(three).toEqual(ten.slice(0, 3));
    expect(TopHoldersResponse.parse((await get(url('?holders=max'))).body).data.items).toHaveLength(
      100,
    );
    expect(TopHoldersResponse.parse((await get(url('?holders=500'))).body).data.items).toHaveLength(
      100,
    );
    const total = TopHoldersResponse.parse((await get(url('?holders=max'))).body).data.items.reduce(
      (a, h) => a + Number(h.percentage),
      0,
    );
    expect(total).toBeLessThan(100);
  });

  it('adds pnl_details when include_pnl_details=true', async () => {
    const items = TopHoldersResponse.parse(
      (await get(url('?include_pnl_details=true&holders=2'))).body,
    ).data.items;
    expect(items).toHaveLength(2);
    for (const h of items) expect(h.pnl_details).toBeDefined();
  });

  it('uses the chain address format (Solana)', async () => {
    const items = TopHoldersResponse.parse((await get(url('', 'solana', SOL_USDC))).body).data
      .items;
    expect(items.length).toBeGreaterThan(0);
    for (const h of items) expect(checkSolanaAddress(h.address).ok).toBe(true);
  });

  it('rejects a bad holders or include_pnl_details with 10001', async () => {
    for (const holders of ['0', '-1', 'abc', '1.5', 'MAX', 'all']) {
      expect(
        Object.keys(await validation(`/market/tokens/eth/${USDT}/top-holders?holders=${holders}`)),
      ).toEqual(['holders']);
    }
    expect(
      Object.keys(
        await validation(`/market/tokens/eth/${USDT}/top-holders?include_pnl_details=maybe`),
      ),
    ).toEqual(['include_pnl_details']);
  });

  it('answers 404 / 10003 for an unknown token', async () => {
    const res = await get(url('', 'eth', '0x0000000000000000000000000000000000000001'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound);
  });
});

describe('GET market/coins/{network}/{address}', () => {
  it('returns the metadata of a notable token', async () => {
    const body = CoinResponse.parse(
      (await get(`${t.base}/market/coins/bsc/0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d`)).body,
    );
    expect(body.data).toMatchObject({
      address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
      symbol: 'USDC',
      decimals: 18,
    });
    expect(body.data.websites.length).toBeGreaterThan(0);
    expect(body.data.description).toContain('BNB Smart Chain');
    const sol = CoinResponse.parse((await get(`${t.base}/market/coins/solana/${SOL_USDC}`)).body);
    expect(sol.data).toMatchObject({ address: SOL_USDC, symbol: 'USDC', decimals: 6 });
  });

  it('answers 404 for an unknown token and 10001 for an over-long address', async () => {
    const res = await get(`${t.base}/market/coins/solana/${SOL_USDC.toLowerCase()}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound);
    expect(Object.keys(await validation(`/market/coins/eth/${'f'.repeat(201)}`))).toEqual([
      'address',
    ]);
  });
});
