import type { FiatItem, TokenItem } from '@/lib/contracts/price/schema';
import { assetParam, type Asset } from '@/lib/features/fiats/convert';

/**
 * The choices of a from/to select: the listed fiats, then the tokens; the side's own asset added
 * when the lists do not hold it (a token from a link, a fiat the price service does not list).
 */
export function AssetOptions({
  self,
  fiats,
  tokens,
  unit,
}: {
  self: Asset;
  fiats: FiatItem[] | undefined;
  tokens: TokenItem[];
  /** the side's symbol as the converter names it */
  unit: string;
}) {
  const extra =
    self.kind === 'token' && !tokens.some((t) => t.id === self.id) ? (
      <option value={assetParam(self)}>{`${unit} · token #${self.id}`}</option>
    ) : self.kind === 'fiat' &&
      fiats !== undefined &&
      !fiats.some((f) => f.code.toUpperCase() === self.code) ? (
      <option value={self.code}>{`${self.code} (unknown)`}</option>
    ) : null;
  return (
    <>
      <optgroup label="Fiat currencies">
        {(fiats ?? (self.kind === 'fiat' ? [{ code: self.code, name: '' }] : [])).map((f) => (
          <option key={f.code} value={f.code.toUpperCase()}>
            {f.name ? `${f.code.toUpperCase()} · ${f.name}` : f.code}
          </option>
        ))}
        {self.kind === 'fiat' && extra}
      </optgroup>
      <optgroup label="Tokens">
        {tokens.map((t) => (
          <option key={t.id} value={`token:${t.id}`}>
            {`${t.symbol} · ${t.name} (${t.chain_name})`}
          </option>
        ))}
        {self.kind === 'token' && extra}
      </optgroup>
    </>
  );
}
