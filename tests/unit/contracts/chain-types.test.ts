import { describe, expect, it } from 'vitest';
import { normalizeKlineChainType, normalizePriceChainType } from '@/lib/contracts/chain-types';
import { normalizeChainType } from '@/lib/contracts/kline/endpoints';
import { parsePoolRef } from '@/lib/contracts/pool-ref-check';

// Written from the seeds' own sentences, not from the code under test.
// kline: "eth, ethereum to evm; sol, the service [solana] to svm; trx, tron to tvm; btc, bitcoin and
// similar to utxo; atom to cosmos; sui, aptos, apt to move" (similar: the UTXO coins the price seed
// names, and their tickers).
const KLINE: Record<string, string> = {
  eth: 'evm',
  ethereum: 'evm',
  sol: 'svm',
  solana: 'svm',
  trx: 'tvm',
  tron: 'tvm',
  btc: 'utxo',
  bitcoin: 'utxo',
  litecoin: 'utxo',
  ltc: 'utxo',
  dogecoin: 'utxo',
  doge: 'utxo',
  'bitcoin cash': 'utxo',
  bch: 'utxo',
  atom: 'cosmos',
  sui: 'move',
  aptos: 'move',
  apt: 'move',
};
// price: "ethereum to evm; the service [solana] to svm; tron to tvm; bitcoin, litecoin, dogecoin,
// bitcoin cash to utxo; sui, aptos to move"
const PRICE: Record<string, string> = {
  ethereum: 'evm',
  solana: 'svm',
  tron: 'tvm',
  bitcoin: 'utxo',
  litecoin: 'utxo',
  dogecoin: 'utxo',
  'bitcoin cash': 'utxo',
  sui: 'move',
  aptos: 'move',
};
const STANDARD = ['evm', 'svm', 'tvm', 'utxo', 'cosmos', 'move'];
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('chain types, one table per service', () => {
  it('every kline alias and standard value normalises as the kline seed says, in any case', () => {
    expect(Object.keys(KLINE)).toHaveLength(18);
    for (const [alias, type] of Object.entries(KLINE)) {
      expect(normalizeKlineChainType(alias)).toBe(type);
      expect(normalizeKlineChainType(` ${alias.toUpperCase()} `)).toBe(type);
      expect(normalizeChainType(alias)).toBe(type);
    }
    expect(STANDARD.length).toBeGreaterThan(0);
    for (const type of STANDARD) expect(normalizeKlineChainType(type)).toBe(type);
    expect(normalizeKlineChainType('atlantis')).toBeNull();
    expect(normalizeKlineChainType('constructor')).toBeNull();
  });

  it('the price service accepts its own aliases only', () => {
    for (const [alias, type] of Object.entries(PRICE))
      expect(normalizePriceChainType(alias)).toBe(type);
    expect(STANDARD.length).toBeGreaterThan(0);
    for (const type of STANDARD) expect(normalizePriceChainType(type)).toBe(type);
    // kline-only short names are not price aliases
    for (const alias of ['eth', 'sol', 'trx', 'btc', 'ltc', 'doge', 'bch', 'atom', 'apt'])
      expect(normalizePriceChainType(alias)).toBeNull();
  });

  it('a pool URL accepts every alias the kline service accepts (/pools/ltc/... is not a 404)', () => {
    for (const alias of ['ltc', 'doge', 'bch', 'btc', 'litecoin']) {
      const parsed = parsePoolRef(encodeURIComponent(alias), '2', BTC_ADDRESS);
      expect(parsed).toEqual({
        ok: true,
        ref: { chainType: 'utxo', chainId: 2, address: BTC_ADDRESS },
      });
    }
    const eth = parsePoolRef('eth', '1', '0x88E6A0c2dDD26FEEb64F039a2c41296FcB3f5640');
    expect(eth.ok && eth.ref).toEqual({
      chainType: 'evm',
      chainId: 1,
      address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
    });
  });
});
