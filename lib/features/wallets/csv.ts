/** CSV of loaded transfer records: exact amounts (BigInt), UTC times, spreadsheet-safe cells. */
import { formatUnits } from '../../core/format/units';
import type { TransferRecord } from '../../contracts/tx/schema';
import { txChain } from './chains';
import { directionOf } from './direction';
import { kindOf } from './feed';

const COLUMNS = [
  'id',
  'time_utc',
  'chain_type',
  'chain_id',
  'height',
  'tx_hash',
  'status',
  'type',
  'direction',
  'sender',
  'receiver',
  'amount',
  'symbol',
  'amount_raw',
  'decimals',
  'fee',
  'fee_symbol',
  'token_transfers',
] as const;

/** Quotes when needed; a text cell that a spreadsheet would run as a formula gets a leading quote. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function transfersToCsv(
  records: readonly TransferRecord[],
  wallet?: (r: TransferRecord) => string | null,
): string {
  const lines = [COLUMNS.join(',')];
  for (const r of records) {
    const native = txChain(r.chain_type, r.chain_id)?.native;
    const w = wallet?.(r) ?? null;
    const tokens = r.token_transfers
      .map((t) =>
        `${formatUnits(t.amount, t.decimals) ?? t.amount ?? ''} ${t.symbol ?? ''} ${t.from_address ?? ''}>${t.to_address ?? ''}`.trim(),
      )
      .join(' | ');
    const row = [
      r.id,
      r.tx_time === null ? '' : new Date(r.tx_time * 1000).toISOString(),
      r.chain_type,
      r.chain_id,
      r.height,
      r.tx_hash,
      r.tx_status,
      kindOf(r),
      w ? directionOf(r, w) : '',
      r.sender,
      r.receiver,
      formatUnits(r.amount, r.decimals),
      r.symbol,
      r.amount,
      r.decimals,
      native ? formatUnits(r.tx_fee, native.decimals) : r.tx_fee,
      native?.symbol ?? '',
      tokens,
    ];
    lines.push(row.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
