import { Badge } from '@/components/ui/badge';

const NAMES: Record<string, string> = {
  evm: 'EVM',
  svm: 'SVM',
  tvm: 'TVM',
  utxo: 'UTXO',
  cosmos: 'Cosmos',
  move: 'Move',
};

/** The chain family as a small badge; "—" when the upstream leaves it out (it is optional). */
export function ChainTypeBadge({ type }: { type: string | undefined }) {
  if (!type) return <span className="text-faint">—</span>;
  return (
    <Badge tone={type === 'evm' ? 'accent' : 'neutral'} title={`Chain type ${type}`}>
      {NAMES[type] ?? type}
    </Badge>
  );
}
