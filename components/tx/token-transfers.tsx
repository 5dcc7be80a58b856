import { Address } from '@/components/ui/address';
import { Badge } from '@/components/ui/badge';
import { ScrollTable } from '@/components/ui/scroll-table';
import type { TokenTransfer } from '@/lib/contracts/tx/schema';
import type { Explorer } from '@/lib/features/chains/explorer';
import { WalletAddress } from '@/components/wallets/wallet-address';
import { None } from './kv';
import { AmountText } from './tx-cells';

/** One side of a transfer: the address (to its explorer page), marked when it is a contract. */
function Party({
  address,
  contract,
  explorer,
}: {
  address: string | null;
  contract: boolean;
  explorer: Explorer | null;
}) {
  return (
    <span className="inline-flex items-center gap-1">
      <WalletAddress
        value={address}
        href={address && explorer ? explorer.address(address) : undefined}
        external
      />
      {contract && <Badge>contract</Badge>}
    </span>
  );
}

/** Token movements of one transaction; Solana entries also name token accounts, mint and program. */
export function TokenTransfers({
  transfers,
  explorer,
}: {
  transfers: readonly TokenTransfer[];
  explorer: Explorer | null;
}) {
  const solana = transfers.some((t) => t.mint || t.from_token_address || t.program_id);
  return (
    <ScrollTable
      label="Token transfers"
      minWidth="min-w-[760px]"
      columns={[
        ['From', 'sticky left-0 bg-panel px-3 text-left'],
        ['To', 'px-2 text-left'],
        ['Amount', 'px-2 text-right'],
        ['Token', 'px-2 text-left'],
        ...(solana
          ? ([
              ['Token accounts', 'px-2 text-left'],
              ['Program', 'px-2 text-left'],
            ] as const)
          : []),
      ]}
    >
      {transfers.map((t, i) => (
        <tr key={i} className="h-9 border-b border-border/50 last:border-0">
          <td className="sticky left-0 bg-panel px-3">
            <Party address={t.from_address} contract={t.is_from_contract} explorer={explorer} />
          </td>
          <td className="px-2">
            <Party address={t.to_address} contract={t.is_to_contract} explorer={explorer} />
          </td>
          <td className="px-2 text-right">
            <AmountText
              value={{ amount: t.amount, decimals: t.decimals }}
              maxFraction={t.decimals ?? 6}
            />
          </td>
          <td className="px-2">
            <span className="inline-flex items-center gap-1.5">
              <span className="font-medium">{t.symbol ?? '?'}</span>
              {(t.token_contract_address ?? t.mint) && (
                <Address value={(t.token_contract_address ?? t.mint) as string} />
              )}
            </span>
          </td>
          {solana && (
            <td className="px-2 text-muted">
              <span className="inline-flex flex-col">
                {t.from_token_address && <Address value={t.from_token_address} />}
                {t.to_token_address && <Address value={t.to_token_address} />}
              </span>
            </td>
          )}
          {solana && (
            <td className="px-2">{t.program_id ? <Address value={t.program_id} /> : <None />}</td>
          )}
        </tr>
      ))}
    </ScrollTable>
  );
}
