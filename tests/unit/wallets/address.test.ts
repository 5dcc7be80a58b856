import { describe, expect, it } from 'vitest';
import {
  checkBitcoinAddress,
  checkEvmAddress,
  checkSolanaAddress,
  checkTronAddress,
} from '@/lib/core/address';
import { describeInvalid, parseAddressList } from '@/lib/features/wallets/parse';

// Real addresses: well-known accounts, contracts and the Bitcoin genesis coinbase.
const EVM = [
  '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  '0xdac17f958d2ee523a2206206994597c13d831ec7',
];
const SOLANA = [
  '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  'So11111111111111111111111111111111111111112',
];
const TRON = ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TNXoiAJ3dct8Fjg4M9fkLFh9S2v9TXc32G'];
const BITCOIN = [
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
];

describe('address checks per chain, with real addresses', () => {
  it.each(EVM)('EVM %s is valid', (a) => expect(checkEvmAddress(a).ok).toBe(true));
  it.each(SOLANA)('Solana %s is valid', (a) => expect(checkSolanaAddress(a).ok).toBe(true));
  it.each(TRON)('Tron %s is valid', (a) => expect(checkTronAddress(a).ok).toBe(true));
  it.each(BITCOIN)('Bitcoin %s is valid', (a) => expect(checkBitcoinAddress(a).ok).toBe(true));

  it('EVM: a mixed-case address with a broken EIP-55 checksum is refused; all-lowercase passes', () => {
    const broken = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046'.replace('aF9', 'Af9');
    const r = checkEvmAddress(broken);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/EIP-55/);
    expect(checkEvmAddress(EVM[0]!.toLowerCase()).ok).toBe(true);
    expect(checkEvmAddress('0x12').ok).toBe(false);
  });

  it('Solana: Base58 that is not 32 bytes, or has 0/O/I/l, is refused', () => {
    expect(checkSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdL').ok).toBe(false);
    expect(checkSolanaAddress('0WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM').ok).toBe(false);
  });

  it('Tron: a one-letter typo breaks the Base58Check checksum; it must start with T', () => {
    const r = checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/checksum/);
    expect(checkTronAddress('AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t').ok).toBe(false);
  });

  it('Bitcoin: bad checksums and mixed-case bech32 are refused', () => {
    expect(checkBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb').ok).toBe(false);
    expect(checkBitcoinAddress('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlj').ok).toBe(false);
    expect(checkBitcoinAddress('bc1Qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh').ok).toBe(false);
    expect(checkBitcoinAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045').ok).toBe(false);
  });
});

describe('a pasted list', () => {
  it('keeps the good ones, names the bad ones with the reason, collapses duplicates', () => {
    const text = `${EVM[0]}\n0x12, ${EVM[2]!.toUpperCase().replace('0X', '0x')}; ${EVM[0]!.toLowerCase()}\n\n 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`;
    const r = parseAddressList('ethereum', text);
    expect(r.valid).toEqual([EVM[0], '0xdAC17F958D2ee523a2206206994597C13D831ec7']);
    expect(r.duplicates).toBe(1);
    expect(r.invalid.map((i) => i.input)).toEqual([
      '0x12',
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    ]);
    const lines = describeInvalid('ethereum', r.invalid);
    expect(lines[0]).toBe(
      '"0x12" is not a valid ethereum address: an EVM address is 0x followed by 40 hexadecimal digits.',
    );
  });

  it('checks against the chosen chain: a Tron address is not a Solana one', () => {
    const r = parseAddressList('solana', TRON[0]!);
    expect(r.valid).toEqual([]);
    expect(r.invalid).toHaveLength(1);
  });

  it('`evm` means any EVM chain and checks EVM addresses', () => {
    expect(parseAddressList('evm', EVM.join(' ')).valid).toHaveLength(3);
    expect(parseAddressList('bitcoin', BITCOIN.join('\n')).valid).toHaveLength(5);
  });
});
