'use client';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextArea, TextInput } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/client/api';
import { txKeys, addAddresses, checkMonitored } from '@/lib/features/wallets/queries';
import { MAX_LABEL_LENGTH, useLabels } from '@/lib/features/wallets/labels';
import { useWalletBook } from '@/lib/features/wallets/store';
import { ADDRESS_CHAIN_TYPES } from '@/lib/features/wallets/chains';
import { describeInvalid, parseAddressList } from '@/lib/features/wallets/parse';
import { useAccess } from '@/components/settings/use-access';
import { ChainOptions } from './chain-options';

type Outcome = {
  ok: string | null;
  errors: string[];
  checks: { address: string; monitored: boolean | null }[];
};

const MAX_CHECKS = 10;

/** What an add sends: the valid addresses, and the refusals to show beside its answer. */
interface Adding {
  chainType: string;
  addresses: string[];
  refused: string[];
  label: string;
}

/** Add one or many addresses (a paste of a list) to the monitored list, or check whether they are on it. */
export function AddAddressesForm() {
  const id = useId();
  const client = useQueryClient();
  const { canChange, reason } = useAccess();
  const addToBook = useWalletBook((s) => s.add);
  const setLabel = useLabels((s) => s.setLabel);
  const [chainType, setChainType] = useState('ethereum');
  const [text, setText] = useState('');
  const [label, setLabelText] = useState('');
  // What was refused before anything was sent (the input alone); the two mutations hold the rest.
  const [local, setLocal] = useState<Outcome | null>(null);
  const adding = useMutation({
    mutationFn: (a: Adding) => addAddresses(a.chainType, a.addresses),
    onSuccess: async (_, a) => {
      addToBook(a.chainType, a.addresses);
      const first = a.addresses[0];
      if (a.label.trim() && a.addresses.length === 1 && first) setLabel(first, a.label);
      await client.invalidateQueries({ queryKey: txKeys.contains });
    },
  });
  const checking = useMutation({
    mutationFn: (c: { chainType: string; addresses: string[]; refused: string[] }) =>
      checkMonitored(client, c.chainType, c.addresses),
  });
  const busy = adding.isPending ? 'add' : checking.isPending ? 'check' : null;
  const outcome = local ?? outcomeOf(adding, checking);

  /** The valid addresses entered (at most `most`); none: says what was refused, or `empty`. */
  function entered(empty: string, most?: number) {
    const parsed = parseAddressList(chainType, text);
    const refused = describeInvalid(chainType, parsed.invalid);
    const valid = parsed.valid.slice(0, most);
    adding.reset();
    checking.reset();
    setLocal(
      valid.length ? null : { ok: null, errors: refused.length ? refused : [empty], checks: [] },
    );
    return { parsed, refused, valid };
  }

  function add(event?: FormEvent) {
    event?.preventDefault();
    const { parsed, refused, valid } = entered('Enter at least one address.');
    if (valid.length === 0) return;
    adding.mutate(
      { chainType, addresses: valid, refused, label },
      {
        onSuccess: () => {
          // Keep only what was refused, so it can be corrected and sent again.
          setText(parsed.invalid.map((i) => i.input).join('\n'));
          setLabelText('');
        },
      },
    );
  }

  function check() {
    const { refused, valid } = entered('Enter an address to check.', MAX_CHECKS);
    if (valid.length > 0) checking.mutate({ chainType, addresses: valid, refused });
  }

  return (
    <form
      onSubmit={add}
      className="flex flex-col gap-2 border-b border-border p-3"
      aria-label="Add addresses"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] gap-2">
        <SelectField id={`${id}-chain`} label="Chain" value={chainType} onChange={setChainType}>
          <ChainOptions chains={ADDRESS_CHAIN_TYPES} />
        </SelectField>
        <Field id={`${id}-label`} label="Label (optional, one address)">
          <TextInput
            id={`${id}-label`}
            value={label}
            maxLength={MAX_LABEL_LENGTH}
            placeholder="e.g. Treasury"
            onChange={(e) => setLabelText(e.target.value)}
          />
        </Field>
      </div>
      <Field
        id={`${id}-addresses`}
        label="Addresses"
        hint="One or many: separated by new lines, commas or spaces. Each is checked for its chain before anything is sent."
      >
        <TextArea
          id={`${id}-addresses`}
          value={text}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          placeholder={
            chainType === 'solana'
              ? '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
              : chainType === 'tron'
                ? 'TNXoiAJ3dct8Fjg4M9fkLFh9S2v9TXc32G'
                : chainType === 'bitcoin'
                  ? 'bc1q…'
                  : '0x…'
          }
          aria-describedby={`${id}-addresses-hint`}
          aria-invalid={outcome.errors.length > 0 && !outcome.ok}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void add();
          }}
        />
      </Field>
      <div className="flex items-center gap-2">
        <Button
          type="submit"
          variant="primary"
          disabled={!canChange || busy !== null}
          title={canChange ? undefined : (reason ?? undefined)}
        >
          {busy === 'add' ? 'Adding…' : 'Add to monitored list'}
        </Button>
        <Button onClick={() => void check()} disabled={busy !== null}>
          {busy === 'check' ? 'Checking…' : 'Check'}
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-1 text-12">
        {outcome.ok && (
          <p role="status" className="text-up">
            {outcome.ok}
          </p>
        )}
        {outcome.errors.length > 0 && (
          <div role="alert" className="text-down">
            {outcome.ok && <p className="font-medium">{outcome.errors.length} refused:</p>}
            <ul className="flex flex-col gap-0.5">
              {outcome.errors.map((e) => (
                <li key={e} className="wrap-anywhere">
                  {e}
                </li>
              ))}
            </ul>
          </div>
        )}
        {outcome.checks.length > 0 && (
          <ul role="status" className="flex flex-col gap-0.5">
            {outcome.checks.map((c) => (
              <li key={c.address} className="flex items-center gap-2">
                <span className="truncate font-mono text-11 text-muted">{c.address}</span>
                <span
                  className={
                    c.monitored ? 'text-up' : c.monitored === false ? 'text-muted' : 'text-down'
                  }
                >
                  {c.monitored
                    ? 'monitored'
                    : c.monitored === false
                      ? 'not monitored'
                      : 'check failed'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}

/** The outcome of the last add or check (only one is ever not idle: each resets the other). */
function outcomeOf(
  adding: UseMutationResult<unknown, Error, Adding>,
  checking: UseMutationResult<
    Outcome['checks'],
    Error,
    { chainType: string; addresses: string[]; refused: string[] }
  >,
): Outcome {
  const a = adding.variables;
  if (a && adding.isSuccess) {
    const n = a.addresses.length;
    return {
      ok: `Added ${n} ${n === 1 ? 'address' : 'addresses'} to the monitored list (${a.chainType}).`,
      errors: a.refused,
      checks: [],
    };
  }
  if (a && adding.isError) {
    const error = adding.error;
    return {
      ok: null,
      errors: [
        error instanceof ApiError ? error.message : 'The addresses could not be added.',
        ...a.refused,
      ],
      checks: [],
    };
  }
  if (checking.isSuccess)
    return { ok: null, errors: checking.variables.refused, checks: checking.data };
  return { ok: null, errors: [], checks: [] };
}
