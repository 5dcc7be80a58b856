/**
 * The identity of a transaction record, as the tx seed tells receivers to deduplicate: by
 * chain_type + chain_id + tx_hash, and token entries additionally by token_contract_address +
 * from_address + to_address + amount (one hash can carry several token transfers). A reorg re-send
 * is a new fact about the same transaction, so it has an identity of its own.
 */
function part(value: unknown): string {
  return typeof value === 'string'
    ? value.toLowerCase()
    : typeof value === 'number'
      ? String(value)
      : '';
}

export function txIdentity(tx: Record<string, unknown>): string {
  const base = `${part(tx.chain_type)}:${part(tx.chain_id)}:${part(tx.tx_hash).replace(/^0x/, '')}`;
  const transfers = Array.isArray(tx.token_transfers)
    ? (tx.token_transfers as Record<string, unknown>[])
    : [];
  const tokens = transfers
    .map(
      (t) =>
        `${part(t.token_contract_address)}|${part(t.from_address)}|${part(t.to_address)}|${part(t.amount)}`,
    )
    .join(',');
  return `${base}${tokens ? `:${tokens}` : ''}${tx.is_reorg_resend === true ? ':reorg' : ''}`;
}
