'use client';
import { clsx } from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextArea, TextInput } from '@/components/ui/field';
import { Segmented } from '@/components/ui/segmented';
import { SelectField } from '@/components/ui/select-field';
import { ADDRESS_CHAIN_TYPES, TX_CHAINS, txChain } from '@/lib/features/wallets/chains';
import {
  DEFAULT_LIMIT,
  MAX_GROUP_ADDRESSES,
  MAX_GROUPS,
  validateHistory,
  type FieldErrors,
  type GroupInput,
  type HistoryQuery,
  type TxType,
} from '@/lib/features/wallets/history';
import { splitAddressList } from '@/lib/features/wallets/parse';
import { useKnownAddresses } from './use-known-addresses';
import { ChainOptions } from './chain-options';

const MODES = [
  { value: 'address', label: 'One address' },
  { value: 'multi', label: 'Several chains' },
] as const;

const newGroup = (): GroupInput => ({ chainType: 'ethereum', chainId: 1, addresses: '' });

/**
 * The history query: one address (transfers/search, optionally one chain, type and token) or several
 * chain/address groups (transfers/multi-chain). Limits are enforced here, before any call.
 */
export function HistoryForm({
  initial,
  onSubmit,
}: {
  initial: HistoryQuery | null;
  onSubmit: (q: HistoryQuery) => void;
}) {
  const id = useId();
  const known = useKnownAddresses();
  const [mode, setMode] = useState<'address' | 'multi'>(initial?.mode ?? 'address');
  const [address, setAddress] = useState(initial?.mode === 'address' ? initial.address : '');
  const [chainType, setChainType] = useState(
    initial?.mode === 'address' ? (initial.chainType ?? '') : '',
  );
  const [txType, setTxType] = useState<TxType>(initial?.mode === 'address' ? initial.txType : '');
  const [token, setToken] = useState(initial?.mode === 'address' ? initial.token : '');
  const [groups, setGroups] = useState<GroupInput[]>(
    initial?.mode === 'multi' ? initial.groups : [newGroup()],
  );
  const [limit, setLimit] = useState(String(initial?.limit ?? DEFAULT_LIMIT));
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const n = /^\d+$/.test(limit.trim()) ? Number(limit) : NaN;
    const q: HistoryQuery =
      mode === 'address'
        ? {
            mode,
            address: address.trim(),
            chainType: chainType || null,
            txType,
            token: token.trim(),
            limit: n,
          }
        : { mode, groups, limit: n };
    const found = validateHistory(q);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(q);
  }

  const patchGroup = (i: number, patch: Partial<GroupInput>) =>
    setGroups((gs) => gs.map((g, j) => (j === i ? { ...g, ...patch } : g)));
  const err = (key: string) => errors[key] ?? null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="History query"
      className="flex flex-col gap-3 border-b border-border p-3"
    >
      <div>
        <Segmented label="Query" options={MODES} value={mode} onChange={(m) => setMode(m)} />
      </div>
      {mode === 'address' ? (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-[minmax(0,2.4fr)_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,1.6fr)_90px]">
          <Field id={`${id}-address`} label="Address" error={err('address')}>
            <TextInput
              id={`${id}-address`}
              value={address}
              list={`${id}-known`}
              spellCheck={false}
              autoComplete="off"
              className="font-mono text-12"
              placeholder="0x…, Base58 or bc1…"
              aria-invalid={!!err('address')}
              aria-describedby={err('address') ? `${id}-address-error` : undefined}
              onChange={(e) => setAddress(e.target.value)}
            />
            <datalist id={`${id}-known`}>
              {known.map((a) => (
                <option key={a} value={a} />
              ))}
            </datalist>
          </Field>
          <SelectField id={`${id}-chain`} label="Chain" value={chainType} onChange={setChainType}>
            <option value="">Every chain</option>
            <ChainOptions chains={ADDRESS_CHAIN_TYPES} />
          </SelectField>
          <SelectField
            id={`${id}-type`}
            label="Type"
            value={txType}
            onChange={(v) => setTxType(v as TxType)}
          >
            <option value="">All</option>
            <option value="native">Native</option>
            <option value="token">Token</option>
          </SelectField>
          <Field
            id={`${id}-token`}
            label="Token contract"
            hint="A contract address (the mint on Solana), not a symbol"
            error={err('token')}
          >
            <TextInput
              id={`${id}-token`}
              value={token}
              spellCheck={false}
              className="font-mono text-12"
              placeholder="contract address, or any token"
              aria-invalid={!!err('token')}
              onChange={(e) => setToken(e.target.value)}
            />
          </Field>
          <LimitField id={`${id}-limit`} value={limit} onChange={setLimit} error={err('limit')} />
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          {groups.map((g, i) => {
            const count = splitAddressList(g.addresses).length;
            return (
              <fieldset
                key={i}
                className="grid grid-cols-1 gap-2 rounded border border-border p-2 sm:grid-cols-[160px_110px_minmax(0,1fr)_auto]"
              >
                <legend className="px-1 text-2xs text-muted">Group {i + 1}</legend>
                <SelectField
                  id={`${id}-g${i}-chain`}
                  label="Chain"
                  error={err(`groups.${i}.chainType`)}
                  value={g.chainType}
                  onChange={(chainType) =>
                    patchGroup(i, { chainType, chainId: txChain(chainType)?.chainId ?? null })
                  }
                >
                  <ChainOptions chains={TX_CHAINS} />
                </SelectField>
                <Field id={`${id}-g${i}-id`} label="Chain id" error={err(`groups.${i}.chainId`)}>
                  <TextInput
                    id={`${id}-g${i}-id`}
                    inputMode="numeric"
                    value={g.chainId ?? ''}
                    aria-invalid={!!err(`groups.${i}.chainId`)}
                    onChange={(e) =>
                      patchGroup(i, {
                        chainId: /^\d+$/.test(e.target.value) ? Number(e.target.value) : null,
                      })
                    }
                  />
                </Field>
                <Field
                  id={`${id}-g${i}-addresses`}
                  label={
                    <span>
                      Addresses{' '}
                      <span
                        className={clsx(
                          'num',
                          count > MAX_GROUP_ADDRESSES ? 'text-down' : 'text-muted',
                        )}
                      >
                        {count}/{MAX_GROUP_ADDRESSES}
                      </span>
                    </span>
                  }
                  error={err(`groups.${i}.addresses`)}
                >
                  <TextArea
                    id={`${id}-g${i}-addresses`}
                    rows={2}
                    value={g.addresses}
                    spellCheck={false}
                    aria-invalid={!!err(`groups.${i}.addresses`)}
                    className="min-h-8"
                    onChange={(e) => patchGroup(i, { addresses: e.target.value })}
                  />
                </Field>
                <div className="flex items-end">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={groups.length === 1}
                    onClick={() => setGroups((gs) => gs.filter((_, j) => j !== i))}
                    aria-label={`Remove group ${i + 1}`}
                  >
                    Remove
                  </Button>
                </div>
              </fieldset>
            );
          })}
          {err('groups') && (
            <p role="alert" className="text-12 text-down">
              {err('groups')}
            </p>
          )}
          <div className="flex items-end gap-3">
            <Button
              size="sm"
              onClick={() => setGroups((gs) => [...gs, newGroup()])}
              disabled={groups.length >= MAX_GROUPS}
            >
              Add group
            </Button>
            <span className="num pb-1 text-2xs text-muted">
              {groups.length}/{MAX_GROUPS} groups
            </span>
            <LimitField
              id={`${id}-mlimit`}
              value={limit}
              onChange={setLimit}
              error={err('limit')}
            />
          </div>
        </div>
      )}
      <div>
        <Button type="submit" variant="primary">
          Load history
        </Button>
      </div>
    </form>
  );
}

function LimitField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return (
    <Field id={id} label="Per page" error={error} className="w-[90px]">
      <TextInput
        id={id}
        type="number"
        min={1}
        max={100}
        inputMode="numeric"
        value={value}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
