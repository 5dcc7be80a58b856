import { describe, expect, it } from 'vitest';
import { ANY_EVM, chainLabel, txChain } from '@/lib/features/wallets/chains';

describe('tx chains of records', () => {
  it('reads `evm` with a known chain id as that chain (Base and Arbitrum records)', () => {
    expect(txChain('evm', 8453)?.label).toBe('Base');
    expect(txChain('evm', 42161)?.type).toBe('arbitrum');
    expect(chainLabel('evm', 8453)).toBe('Base');
  });

  it('keeps `evm` without a chain id, or with an unknown one, as any EVM chain', () => {
    expect(txChain('evm')).toBe(ANY_EVM);
    expect(txChain('evm', 137)).toBe(ANY_EVM);
  });

  it('finds named chains whatever the case, and nothing for an unknown name', () => {
    expect(txChain('ETHEREUM', 1)?.label).toBe('Ethereum');
    expect(txChain('polygon', 137)).toBeUndefined();
    expect(chainLabel('polygon')).toBe('polygon');
  });
});
