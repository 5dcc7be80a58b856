import type { TokenTransfer } from '@/lib/contracts/tx/schema';
import { formatTokenAmount } from '@/lib/core/format/units';
import { shorten } from '@/lib/core/format/text';

/** "2 tokens" with each transfer in the tooltip (amount, symbol, from → to). */
export function TokenTransfersCell({ transfers }: { transfers: readonly TokenTransfer[] }) {
  if (transfers.length === 0) return <span className="text-muted">—</span>;
  const detail = transfers
    .map(
      (t) =>
        `${formatTokenAmount(t.amount, t.decimals)} ${t.symbol ?? '?'}  ${t.from_address ? shorten(t.from_address) : '?'} → ${t.to_address ? shorten(t.to_address) : '?'}`,
    )
    .join('\n');
  const symbols = [...new Set(transfers.map((t) => t.symbol ?? '?'))].join(', ');
  return (
    <span title={detail} className="inline-flex max-w-full items-center gap-1 truncate text-muted">
      <span className="rounded bg-raised px-1 text-11 text-text">{transfers.length}</span>
      <span className="truncate">{symbols}</span>
    </span>
  );
}
