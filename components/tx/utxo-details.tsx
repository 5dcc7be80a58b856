import type { ReactNode } from 'react';
import Link from 'next/link';
import { Address } from '@/components/ui/address';
import { HeadRow } from '@/components/ui/head-row';
import type { FromDetail, ToDetail } from '@/lib/contracts/tx/schema';
import type { Explorer } from '@/lib/features/chains/explorer';
import { WalletAddress } from '@/components/wallets/wallet-address';
import { None } from './kv';
import { AmountText } from './tx-cells';

function total(items: readonly { amount: string | null }[]): string | null {
  try {
    return items.reduce((sum, i) => sum + BigInt(i.amount ?? '0'), 0n).toString();
  } catch {
    return null;
  }
}

interface UtxoRow {
  index: string | number;
  address: string | null;
  amount: string | null;
  /** The output an input spends; absent on the outputs' side, which has no such column. */
  spends?: ReactNode;
}

/** One side of the transaction (its inputs or its outputs), with the side's total in the caption. */
function UtxoTable({
  label,
  rows,
  withSpends,
  className,
  tableClassName,
  decimals,
  symbol,
  explorer,
}: {
  label: 'Inputs' | 'Outputs';
  rows: readonly UtxoRow[];
  withSpends: boolean;
  className: string;
  tableClassName: string;
  decimals: number;
  symbol: string;
  explorer: Explorer | null;
}) {
  return (
    <div className={className}>
      <table className={tableClassName} aria-label={label}>
        <caption className="px-3 py-2 text-left text-2xs font-semibold uppercase tracking-wide text-muted">
          {label} ({rows.length}) ·{' '}
          <AmountText value={{ amount: total(rows), decimals, symbol }} maxFraction={decimals} />
        </caption>
        <thead className="text-2xs uppercase tracking-wide text-muted">
          <HeadRow
            className="border-y border-border"
            head="py-1.5 font-medium"
            columns={[
              ['#', 'px-3 text-left'],
              ['Address', 'px-2 text-left'],
              ...(withSpends ? ([['Spends', 'px-2 text-left']] as const) : []),
              ['Amount', 'px-3 text-right'],
            ]}
          />
        </thead>
        <tbody>
          {rows.map((r, n) => (
            <tr key={n} className="h-9 border-b border-border/50 last:border-0">
              <td className="px-3 text-muted">{r.index}</td>
              <td className="px-2">
                <WalletAddress
                  value={r.address}
                  href={r.address && explorer ? explorer.address(r.address) : undefined}
                  external
                />
              </td>
              {withSpends && <td className="px-2">{r.spends}</td>}
              <td className="px-3 text-right">
                <AmountText value={{ amount: r.amount, decimals }} maxFraction={decimals} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Inputs (with the output they spend) and outputs of a UTXO transaction, amounts in the native unit. */
export function UtxoDetails({
  inputs,
  outputs,
  decimals,
  symbol,
  chainType,
  chainId,
  explorer,
}: {
  inputs: readonly FromDetail[];
  outputs: readonly ToDetail[];
  decimals: number;
  symbol: string;
  chainType: string;
  chainId: number;
  explorer: Explorer | null;
}) {
  const inputRows = inputs.map((i, n) => ({
    index: i.vin_index ?? n,
    address: i.address,
    amount: i.amount,
    spends: i.ref_tx_hash ? (
      <span className="inline-flex items-center gap-1">
        <Link
          prefetch={false}
          className="text-accent hover:underline"
          href={`/tx/${chainType}/${chainId}/${i.ref_tx_hash}`}
        >
          <Address value={i.ref_tx_hash} copy={false} />
        </Link>
        <span className="text-muted">:{i.pre_vout_index ?? '?'}</span>
      </span>
    ) : (
      <None />
    ),
  }));
  const outputRows = outputs.map((o, n) => ({
    index: o.vout_index ?? n,
    address: o.address,
    amount: o.amount,
  }));
  return (
    <div className="grid grid-cols-1 lg:grid-cols-2">
      <UtxoTable
        label="Inputs"
        rows={inputRows}
        withSpends
        className="overflow-x-auto border-b border-border lg:border-b-0 lg:border-r"
        tableClassName="num w-full min-w-[420px] text-12"
        decimals={decimals}
        symbol={symbol}
        explorer={explorer}
      />
      <UtxoTable
        label="Outputs"
        rows={outputRows}
        withSpends={false}
        className="overflow-x-auto"
        tableClassName="num w-full min-w-[360px] text-12"
        decimals={decimals}
        symbol={symbol}
        explorer={explorer}
      />
    </div>
  );
}
