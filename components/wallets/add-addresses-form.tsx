'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Select, TextArea, TextInput } from '@/components/ui/field';
import { ApiError } from '@/lib/client/api';
import { txKeys, addAddresses, containsQuery } from '@/lib/features/wallets/queries';
import { MAX_LABEL_LENGTH, useLabels } from '@/lib/features/wallets/labels';
import { useWalletBook } from '@/lib/features/wallets/store';
import { ADDRESS_CHAIN_TYPES } from '@/lib/features/wallets/chains';
import { describeInvalid, parseAddressList } from '@/lib/features/wallets/parse';
import { useAccess } from '@/components/settings/use-access';

type Outcome = {
  ok: string | null;
  errors: string[];
  checks: { address: string; monitored: boolean | null }[];
};

const EMPTY: Outcome = { ok: null, errors: [], checks: [] };
const MAX_CHECKS = 10;

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
  const [busy, setBusy] = useState<'add' | 'check' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(EMPTY);

  async function add(event?: FormEvent) {
    event?.preventDefault();
    const parsed = parseAddressList(chainType, text);
    const errors = describeInvalid(chainType, parsed.invalid);
    if (parsed.valid.length === 0) {
      setOutcome({
        ok: null,
        errors: errors.length ? errors : ['Enter at least one address.'],
        checks: [],
      });
      return;
    }
    setBusy('add');
    try {
      await addAddresses(chainType, parsed.valid);
      addToBook(chainType, parsed.valid);
      const first = parsed.valid[0];
      if (label.trim() && parsed.valid.length === 1 && first) setLabel(first, label);
      await client.invalidateQueries({ queryKey: txKeys.contains });
      const n = parsed.valid.length;
      setOutcome({
        ok: `Added ${n} ${n === 1 ? 'address' : 'addresses'} to the monitored list (${chainType}).`,
        errors,
        checks: [],
      });
      // Keep only what was refused, so it can be corrected and sent again.
      setText(parsed.invalid.map((i) => i.input).join('\n'));
      setLabelText('');
    } catch (error) {
      setOutcome({
        ok: null,
        errors: [
          error instanceof ApiError ? error.message : 'The addresses could not be added.',
          ...errors,
        ],
        checks: [],
      });
    } finally {
      setBusy(null);
    }
  }

  async function check() {
    const parsed = parseAddressList(chainType, text);
    const errors = describeInvalid(chainType, parsed.invalid);
    const list = parsed.valid.slice(0, MAX_CHECKS);
    if (list.length === 0) {
      setOutcome({
        ok: null,
        errors: errors.length ? errors : ['Enter an address to check.'],
        checks: [],
      });
      return;
    }
    setBusy('check');
    const checks = await Promise.all(
      list.map(async (address) => {
        try {
          const data = await client.fetchQuery({
            ...containsQuery(chainType, address),
            staleTime: 0,
          });
          return { address, monitored: data.is_exist };
        } catch {
          return { address, monitored: null };
        }
      }),
    );
    setBusy(null);
    setOutcome({ ok: null, errors, checks });
  }

  return (
    <form
      onSubmit={add}
      className="flex flex-col gap-2 border-b border-border p-3"
      aria-label="Add addresses"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] gap-2">
        <Field id={`${id}-chain`} label="Chain">
          <Select
            id={`${id}-chain`}
            value={chainType}
            onChange={(e) => setChainType(e.target.value)}
          >
            {ADDRESS_CHAIN_TYPES.map((c) => (
              <option key={c.type} value={c.type}>
                {c.label}
              </option>
            ))}
          </Select>
        </Field>
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
