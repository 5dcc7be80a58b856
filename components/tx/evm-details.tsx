import { Address } from '@/components/ui/address';
import { Badge } from '@/components/ui/badge';
import { formatTokenAmount } from '@/lib/core/format/units';
import type { TransactionDetail } from '@/lib/contracts/tx/schema';
import { KV, KeyValues, None } from './kv';
import { formatCount } from '@/lib/core/format/number';

const present = (v: string | null | undefined): v is string =>
  v !== null && v !== undefined && v !== '';

function gwei(wei: string | null | undefined) {
  if (!present(wei)) return <None />;
  return (
    <span title={`${wei} wei`}>
      {formatTokenAmount(wei, 9, 6)} <span className="text-muted">gwei</span>
    </span>
  );
}

function usage(used: string, limit: string): string | null {
  try {
    const l = BigInt(limit);
    if (l === 0n) return null;
    const bp = (BigInt(used) * 10_000n) / l;
    return `${bp / 100n}.${String(bp % 100n).padStart(2, '0')}%`;
  } catch {
    return null;
  }
}

export function hasEvmFields(tx: TransactionDetail): boolean {
  return [
    tx.gas_limit,
    tx.gas_used,
    tx.gas_price,
    tx.nonce,
    tx.max_fee_per_gas,
    tx.method_id,
    tx.l1_origin_hash,
  ].some(present);
}

/** Gas, EIP-1559 fees (empty strings on legacy transactions), nonce, method and the L1 origin of an L2. */
export function EvmDetails({ tx, l1Href }: { tx: TransactionDetail; l1Href?: string }) {
  const eip1559 = present(tx.max_fee_per_gas) || present(tx.max_priority_fee_per_gas);
  const pct =
    present(tx.gas_used) && present(tx.gas_limit) ? usage(tx.gas_used, tx.gas_limit) : null;
  return (
    <KeyValues>
      <KV label="Fee model">
        {eip1559 ? <Badge tone="accent">EIP-1559</Badge> : <Badge>Legacy</Badge>}
      </KV>
      <KV label="Nonce">{present(tx.nonce) ? tx.nonce : <None />}</KV>
      <KV label="Gas limit">
        {present(tx.gas_limit) ? formatCount(BigInt(tx.gas_limit)) : <None />}
      </KV>
      <KV label="Gas used">
        {present(tx.gas_used) ? (
          <span>
            {formatCount(BigInt(tx.gas_used))}
            {pct && <span className="ml-1.5 text-muted">({pct})</span>}
          </span>
        ) : (
          <None />
        )}
      </KV>
      <KV label="Gas price">{gwei(tx.gas_price)}</KV>
      <KV label="Max fee per gas">{gwei(tx.max_fee_per_gas)}</KV>
      <KV label="Max priority fee">{gwei(tx.max_priority_fee_per_gas)}</KV>
      <KV label="Method">
        {present(tx.method_call) || present(tx.method_id) ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            {present(tx.method_call) && <span className="font-mono text-12">{tx.method_call}</span>}
            {present(tx.method_id) && <Badge>{tx.method_id}</Badge>}
          </span>
        ) : (
          <span className="text-muted">Plain transfer (no call data)</span>
        )}
      </KV>
      {present(tx.l1_origin_hash) && (
        <KV label="L1 origin" hint="The L1 transaction this L2 transaction came from">
          <Address value={tx.l1_origin_hash} head={10} tail={8} href={l1Href} external={!!l1Href} />
        </KV>
      )}
    </KeyValues>
  );
}
