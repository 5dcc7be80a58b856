'use client';
import { useRouter } from 'next/navigation';
import { useCallback, useId, useState } from 'react';
import { useSlashFocus } from '@/lib/client/hooks/use-slash-focus';
import { normalizeKlineChainType } from '@/lib/contracts/chain-types';
import { poolPath, type PoolRef } from '@/lib/contracts/pool-ref';
import type { ChainOption } from '@/lib/features/pools/chain-options';
import { poolAddressProblem } from '@/lib/contracts/pool-ref-check';
import { Button } from '@/components/ui/button';
import { Field, Select, TextInput } from '@/components/ui/field';

export type { ChainOption };

/**
 * Opens any pool by chain and address; a malformed address is explained before anything is sent.
 * `onOpen` takes the pool instead of going to its page (the workspace puts it in a chart).
 */
export function OpenPoolForm({
  chains,
  onOpen,
  submitLabel = 'Open pool',
}: {
  chains: ChainOption[];
  onOpen?: (pool: PoolRef) => void;
  submitLabel?: string;
}) {
  const router = useRouter();
  const id = useId();
  const [chain, setChain] = useState(
    chains[0] ? `${chains[0].chainType}:${chains[0].chainId}` : '',
  );
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);

  // `/` jumps to the address here, as it focuses search elsewhere (not while typing in a field).
  const focusAddress = useCallback(() => document.getElementById(`${id}-address`)?.focus(), [id]);
  useSlashFocus(focusAddress);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const [rawType = '', rawId = ''] = chain.split(':');
    const chainType = normalizeKlineChainType(rawType);
    if (!chainType) return setError('Choose a chain.');
    const value = address.trim();
    const problem = poolAddressProblem(chainType, value);
    if (problem) return setError(problem);
    setError(null);
    const pool: PoolRef = {
      chainType,
      chainId: Number(rawId),
      address: chainType === 'evm' ? value.toLowerCase() : value,
    };
    if (onOpen) onOpen(pool);
    else router.push(poolPath(pool));
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-start gap-2 p-3"
      aria-label="Open a pool"
      noValidate
    >
      <Field id={`${id}-chain`} label="Chain" className="w-full sm:w-48">
        <Select id={`${id}-chain`} value={chain} onChange={(e) => setChain(e.target.value)}>
          {chains.map((c) => (
            <option key={`${c.chainType}:${c.chainId}`} value={`${c.chainType}:${c.chainId}`}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${id}-address`}
        label="Pool address"
        hint="Press / to jump here from anywhere on the page."
        error={error}
        className="min-w-0 flex-1 basis-72"
      >
        <TextInput
          id={`${id}-address`}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder="0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640"
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-address-error` : `${id}-address-hint`}
        />
      </Field>
      <Button type="submit" variant="primary" className="sm:mt-[22px]">
        {submitLabel}
      </Button>
    </form>
  );
}
