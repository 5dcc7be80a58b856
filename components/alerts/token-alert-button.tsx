'use client';
/**
 * The Markets table's bell: a token price alert (above or below a price, prefilled with the price
 * shown), kept in the same list as the chart's alerts (lib/features/alerts/store.ts). The bell is
 * lit while the token has an armed alert.
 */
import { clsx } from 'clsx';
import Link from 'next/link';
import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { conditionFor } from '@/lib/features/alerts/crossing';
import { alreadyPast, isArmed, type AlertCondition } from '@/lib/features/alerts/model';
import { askNotifyPermission } from '@/lib/features/alerts/notify';
import { useAlerts } from '@/lib/features/alerts/store';
import { formatLevel, formatNear } from '@/lib/core/format/price';
import { levelText, readPrice } from '@/lib/features/alerts/text';
import { AlreadyPast, fireNow } from './already-past';
import { formatPrice, type FiatFormat } from '@/lib/core/format/number';
import { priceDecimals } from '@/lib/core/format/price';
import type { TokenItem } from '@/lib/contracts/price/schema';
import { PushSwitch } from './push-switch';
import { BellIcon } from '@/components/ui/icons';

/** The token an alert is on: what its target keeps of it. */
type AlertToken = Pick<TokenItem, 'id' | 'symbol' | 'name'>;

type TokenAlertProps = {
  token: AlertToken;
  /** the display fiat: the level is in it */
  fiat: FiatFormat;
  /** the price shown in the row, as the API gave it */
  price: string | undefined;
};

export function TokenAlertButton({ token, fiat, price }: TokenAlertProps) {
  const { id, symbol } = token;
  const [open, setOpen] = useState(false);
  const code = fiat.code;
  const armed = useAlerts(
    useShallow((s) =>
      s.entries.filter(
        (e) =>
          e.target.kind === 'token' && e.target.id === id && e.target.fiat === code && isArmed(e),
      ),
    ),
  );
  const lit = armed.length > 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // Not "Price …": the table's Price column header is a button too.
        aria-label={`Alert on ${symbol} price${lit ? ` (${armed.length} armed)` : ''}`}
        title={
          lit
            ? `${armed.length} armed price alert${armed.length > 1 ? 's' : ''}`
            : 'Add a price alert'
        }
        data-armed={lit ? 'true' : undefined}
        className={clsx(
          'grid h-6 w-6 shrink-0 place-items-center rounded hover:bg-raised',
          lit ? 'text-warn' : 'text-faint hover:text-muted',
        )}
      >
        <BellIcon filled={lit} />
      </button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} title={`Price alert · ${symbol}`}>
          <TokenAlertForm token={token} fiat={fiat} price={price} onDone={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}

function TokenAlertForm({ token, fiat, price, onDone }: TokenAlertProps & { onDone: () => void }) {
  const { id, symbol, name } = token;
  const current = price !== undefined ? readPrice(price) : null;
  const code = fiat.code;
  // Prefilled with the price at the chart's precision, written plainly so it can be edited.
  const [text, setText] = useState(() =>
    current === null ? '' : current.toFixed(priceDecimals(current)),
  );
  const [condition, setCondition] = useState<AlertCondition | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The level is already behind the price: asked before the alert is made.
  const [asking, setAsking] = useState<'above' | 'below' | null>(null);
  const inputId = useId();
  const errorId = useId();
  const armed = useAlerts(
    useShallow((s) =>
      s.entries.filter(
        (e) =>
          e.target.kind === 'token' && e.target.id === id && e.target.fiat === code && isArmed(e),
      ),
    ),
  );
  const level = readPrice(text);
  // Until the trader picks one, the side follows the level: above the price waits for a rise.
  const side = condition ?? (level !== null ? conditionFor(level, current) : 'up');
  const shownSide = side === 'down' ? 'down' : 'up';

  const submit = (answer?: 'fire' | 'keep') => {
    if (level === null) {
      setError('Type a price above zero.');
      return;
    }
    const past = alreadyPast(shownSide, level, current);
    if (past && !answer) {
      setAsking(past);
      return;
    }
    const result = useAlerts
      .getState()
      .addTokenAlert(
        { kind: 'token', id, symbol: symbol.slice(0, 64), name: name.slice(0, 64), fiat: code },
        level,
        shownSide,
      );
    if (!result.ok) {
      setError(result.reason);
      return;
    }
    const made = useAlerts.getState().entries.find((e) => e.id === result.id);
    if (answer === 'fire' && made && current !== null) fireNow(made, current);
    void askNotifyPermission();
    onDone();
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      // The dialog sits in a table cell: its alignment and weight are not the form's.
      className="flex flex-col gap-3 text-left text-13 font-normal"
    >
      <p className="text-muted">
        {name} is at{' '}
        <span className="num font-medium text-text">
          {price !== undefined ? formatPrice(price, fiat) : '—'}
        </span>
        . The alert fires once when the price crosses your level, from any page of Pulse.
      </p>
      <fieldset className="flex gap-1">
        <legend className="sr-only">When</legend>
        {(['up', 'down'] as const).map((value) => (
          <label
            key={value}
            className={clsx(
              'flex h-8 flex-1 cursor-pointer items-center justify-center gap-1 rounded border text-12 font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
              shownSide === value
                ? 'border-accent bg-raised text-text'
                : 'border-border text-muted hover:text-text',
            )}
          >
            <input
              type="radio"
              name="side"
              value={value}
              checked={shownSide === value}
              onChange={() => {
                setCondition(value);
                setAsking(null);
              }}
              className="sr-only"
            />
            <span aria-hidden>{value === 'up' ? '▲' : '▼'}</span>
            {value === 'up' ? 'Rises above' : 'Falls below'}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-12 text-muted">
          Price in {code}
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
            setAsking(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          className="num h-8 rounded border border-border bg-bg px-2 text-right text-text"
        />
        {error && (
          <p id={errorId} className="text-12 text-down">
            {error}
          </p>
        )}
      </div>
      {asking && level !== null && current !== null && (
        <AlreadyPast
          level={formatLevel(level)}
          price={formatNear(current, level)}
          unit={code}
          side={asking}
          onAnswer={(fire) => submit(fire ? 'fire' : 'keep')}
        />
      )}
      {armed.length > 0 && (
        <div className="text-12 text-muted">
          <p className="mb-1">Armed for {symbol}:</p>
          <ul className="flex flex-col gap-1">
            {armed.map((e) => (
              <li key={e.id} className="flex items-center justify-between gap-2">
                <span className="num text-text">
                  {e.alert?.condition === 'down' ? '▼ below' : '▲ above'} {levelText(e)}
                </span>
                <button
                  type="button"
                  onClick={() => useAlerts.getState().remove(e.id)}
                  aria-label={`Delete the alert at ${levelText(e)}`}
                  className="rounded px-1 text-muted hover:text-down"
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="border-t border-border">
        <PushSwitch which="prices" />
      </div>
      <div className="flex items-center justify-between gap-2">
        <Link href="/alerts" prefetch={false} className="text-12 text-accent hover:underline">
          All alerts →
        </Link>
        <div className="flex gap-2">
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button variant="primary" type="submit">
            Create alert
          </Button>
        </div>
      </div>
    </form>
  );
}
