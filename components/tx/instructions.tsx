import { Address } from '@/components/ui/address';
import { ScrollTable } from '@/components/ui/scroll-table';
import type { InternalTransaction } from '@/lib/contracts/tx/schema';
import { WalletAddress } from '@/components/wallets/wallet-address';
import { None } from './kv';
import { StatusBadge } from './tx-cells';

/**
 * Solana instructions (depth 1 = top level, deeper = inner calls, indented under their parent) or EVM
 * internal calls. Amounts are raw integers: the entries carry no decimals.
 */
export function Instructions({
  items,
  solana,
}: {
  items: readonly InternalTransaction[];
  solana: boolean;
}) {
  return (
    <ScrollTable
      label={solana ? 'Instructions' : 'Internal calls'}
      minWidth="min-w-[820px]"
      columns={[
        ['#', 'sticky left-0 bg-panel px-3 text-left'],
        ...(solana
          ? ([
              ['Instruction', 'px-2 text-left'],
              ['Program', 'px-2 text-left'],
            ] as const)
          : []),
        ['From → To', 'px-2 text-left'],
        ['Amount (raw)', 'px-2 text-right'],
        ['Status', 'px-2 text-left'],
      ]}
    >
      {items.map((it, n) => {
        const depth = Math.max(1, it.depth ?? 1);
        return (
          <tr
            key={n}
            className="h-9 border-b border-border/50 align-middle last:border-0"
            data-depth={depth}
          >
            <td className="sticky left-0 bg-panel px-3 text-muted">
              <span style={{ paddingLeft: (depth - 1) * 14 }}>
                {depth > 1 && <span aria-label="inner call">↳ </span>}
                {it.instr_index ?? n}
              </span>
            </td>
            {solana && (
              <td className="px-2" style={{ paddingLeft: 8 + (depth - 1) * 14 }}>
                <div className="font-medium">{it.instruction ?? '—'}</div>
                {it.description && <div className="text-11 text-muted">{it.description}</div>}
              </td>
            )}
            {solana && (
              <td className="px-2">
                {it.program_id ? <Address value={it.program_id} /> : <None />}
              </td>
            )}
            <td className="px-2">
              {it.from_address || it.to_address ? (
                <span className="inline-flex items-center gap-1">
                  <WalletAddress value={it.from_address} copy={false} />
                  <span className="text-muted">→</span>
                  <WalletAddress value={it.to_address} copy={false} />
                </span>
              ) : (
                <None />
              )}
            </td>
            <td className="px-2 text-right">{it.amount ?? <None />}</td>
            <td className="px-2">
              {it.tx_status ? <StatusBadge status={it.tx_status} /> : <None />}
            </td>
          </tr>
        );
      })}
    </ScrollTable>
  );
}
