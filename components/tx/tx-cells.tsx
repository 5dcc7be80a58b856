/** Small pieces of a transaction row, the same in the live feed, the history and the transaction page. */
import { clsx } from 'clsx';
import { formatTokenAmount } from '@/lib/core/format/units';
import { chainLabel, txChain } from '@/lib/features/wallets/chains';
import type { TransactionDetail } from '@/lib/contracts/tx/schema';
import type { Direction } from '@/lib/features/wallets/direction';

// Outlined rather than tinted: coloured text on a tint of itself falls short of 4.5:1 on raised rows.
const PILL =
  'inline-flex items-center gap-1 whitespace-nowrap rounded border px-1.5 text-11 font-medium leading-[18px]';
const TONE = {
  up: 'border-up/40 text-up',
  down: 'border-down/40 text-down',
  warn: 'border-warn/40 text-warn',
  neutral: 'border-border text-muted',
} as const;

const DIRECTION = {
  in: { text: 'In', arrow: '↓', tone: 'up' },
  out: { text: 'Out', arrow: '↑', tone: 'down' },
  self: { text: 'Self', arrow: '↔', tone: 'neutral' },
} as const;

export function DirectionBadge({ direction }: { direction: Direction | null }) {
  if (!direction) return <span className="text-muted">—</span>;
  const d = DIRECTION[direction];
  return (
    <span className={clsx(PILL, TONE[d.tone])} title={`${d.text} relative to the wallet`}>
      <span aria-hidden>{d.arrow}</span>
      {d.text}
    </span>
  );
}

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const tone =
    status === 'success'
      ? 'up'
      : status === 'failed'
        ? 'down'
        : status === 'pending'
          ? 'warn'
          : 'neutral';
  const text =
    status === 'success'
      ? 'Success'
      : status === 'failed'
        ? 'Failed'
        : status === 'pending'
          ? 'Pending'
          : (status ?? 'Unknown');
  return <span className={clsx(PILL, TONE[tone])}>{text}</span>;
}

export function ChainBadge({ chainType, chainId }: { chainType: string; chainId?: number | null }) {
  const chain = txChain(chainType, chainId);
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-12 text-muted">
      <span
        aria-hidden
        className="h-1.5 w-1.5 rounded-full"
        style={{ background: CHAIN_HUE[chain?.type ?? chainType] ?? 'var(--faint)' }}
      />
      {chain?.label ?? chainLabel(chainType)}
    </span>
  );
}

const CHAIN_HUE: Record<string, string> = {
  ethereum: '#8a92b2',
  bsc: '#f0b90b',
  base: '#0052ff',
  arbitrum: '#28a0f0',
  solana: '#14f195',
  tron: '#ff060a',
  bitcoin: '#f7931a',
};

/**
 * An integer amount placed by `decimals` (BigInt, never a float), with a sign for in and out. `value`
 * is what carries it: a transaction (its own token's `symbol`), a token transfer, a sum.
 */
export function AmountText({
  value: { amount, decimals, symbol },
  direction,
  maxFraction = 6,
}: {
  value: {
    amount: string | null | undefined;
    decimals: number | null | undefined;
    symbol?: string | null;
  };
  direction?: Direction | null;
  maxFraction?: number;
}) {
  const text = formatTokenAmount(amount, decimals, maxFraction);
  if (text === '—') return <span className="text-muted">—</span>;
  const sign = direction === 'in' ? '+' : direction === 'out' ? '−' : '';
  const tone = direction === 'in' ? 'text-up' : direction === 'out' ? 'text-down' : 'text-text';
  return (
    <span
      className={clsx('num whitespace-nowrap', tone)}
      title={`${amount ?? ''} (raw, ${decimals ?? 0} decimals)`}
    >
      {sign}
      {text}
      {symbol ? <span className="ml-1 text-muted">{symbol}</span> : null}
    </span>
  );
}

/** A transaction's fee in its chain's native unit (a token transfer's `decimals` are the token's). */
export function FeeText({
  tx,
}: {
  tx: Pick<TransactionDetail, 'tx_fee' | 'chain_type' | 'chain_id'>;
}) {
  const fee = tx.tx_fee;
  const native = txChain(tx.chain_type, tx.chain_id)?.native;
  if (!fee) return <span className="text-muted">—</span>;
  if (!native) return <span className="num text-muted">{fee}</span>;
  return (
    <span className="num whitespace-nowrap text-muted" title={`${fee} (smallest unit)`}>
      {formatTokenAmount(fee, native.decimals, 8)}{' '}
      <span className="text-muted">{native.symbol}</span>
    </span>
  );
}
