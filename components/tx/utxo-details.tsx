import Link from 'next/link';
import { Address } from '@/components/ui/address';
import type { FromDetail, ToDetail } from '@/lib/contracts/tx/schema';
import type { Explorer } from '@/lib/features/chains/explorer';
import { WalletAddress } from '@/components/wallets/wallet-address';
import { AmountText } from './tx-cells';

function total(items: readonly { amount: string | null }[]): string | null {
  try {
    return items.reduce((sum, i) => sum + BigInt(i.amount ?? '0'), 0n).toString();
  } catch {
    return null;
  }
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
  const inTotal = total(inputs);
  const outTotal = total(outputs);
  return (
    <div className="grid grid-cols-1 lg:grid-cols-2">
      <div className="overflow-x-auto border-b border-border lg:border-b-0 lg:border-r">
        <table className="num w-full min-w-[420px] text-12" aria-label="Inputs">
          <caption className="px-3 py-2 text-left text-2xs font-semibold uppercase tracking-wide text-muted">
            Inputs ({inputs.length}) ·{' '}
            <AmountText
              amount={inTotal}
              decimals={decimals}
              symbol={symbol}
              maxFraction={decimals}
            />
          </caption>
          <thead className="text-2xs uppercase tracking-wide text-muted">
            <tr className="border-y border-border">
              <th className="px-3 py-1.5 text-left font-medium">#</th>
              <th className="px-2 py-1.5 text-left font-medium">Address</th>
              <th className="px-2 py-1.5 text-left font-medium">Spends</th>
              <th className="px-3 py-1.5 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {inputs.map((i, n) => (
              <tr key={n} className="h-9 border-b border-border/50 last:border-0">
                <td className="px-3 text-muted">{i.vin_index ?? n}</td>
                <td className="px-2">
                  <WalletAddress
                    value={i.address}
                    href={i.address && explorer ? explorer.address(i.address) : undefined}
                    external
                  />
                </td>
                <td className="px-2">
                  {i.ref_tx_hash ? (
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
                    <span className="text-muted">—</span>
                  )}
                </td>
                <td className="px-3 text-right">
                  <AmountText amount={i.amount} decimals={decimals} maxFraction={decimals} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="overflow-x-auto">
        <table className="num w-full min-w-[360px] text-12" aria-label="Outputs">
          <caption className="px-3 py-2 text-left text-2xs font-semibold uppercase tracking-wide text-muted">
            Outputs ({outputs.length}) ·{' '}
            <AmountText
              amount={outTotal}
              decimals={decimals}
              symbol={symbol}
              maxFraction={decimals}
            />
          </caption>
          <thead className="text-2xs uppercase tracking-wide text-muted">
            <tr className="border-y border-border">
              <th className="px-3 py-1.5 text-left font-medium">#</th>
              <th className="px-2 py-1.5 text-left font-medium">Address</th>
              <th className="px-3 py-1.5 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {outputs.map((o, n) => (
              <tr key={n} className="h-9 border-b border-border/50 last:border-0">
                <td className="px-3 text-muted">{o.vout_index ?? n}</td>
                <td className="px-2">
                  <WalletAddress
                    value={o.address}
                    href={o.address && explorer ? explorer.address(o.address) : undefined}
                    external
                  />
                </td>
                <td className="px-3 text-right">
                  <AmountText amount={o.amount} decimals={decimals} maxFraction={decimals} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
