'use client';
import { useQuery } from '@tanstack/react-query';
import { formatCompact, formatPercent, formatPrice, direction, USD } from '@/lib/format/number';
import { quotesQuery, tokensQuery } from '@/lib/queries/price';
import { Panel } from '@/components/ui/panel';

/** A first live view: the top tokens by rank with prices polled every 3 seconds. */
export function TopTokens() {
  const tokens = useQuery(tokensQuery(1, 20));
  const ids = tokens.data?.items.map((t) => t.id) ?? [];
  const quotes = useQuery(quotesQuery(ids, 'USD'));
  const byId = new Map(quotes.data?.map((q) => [q.token_id, q]));

  return (
    <Panel title="Top tokens">
      <table className="num w-full text-[13px]">
        <thead className="text-2xs uppercase tracking-wide text-muted">
          <tr className="border-b border-border">
            <th className="px-3 py-2 text-left font-medium">#</th>
            <th className="px-3 py-2 text-left font-medium">Token</th>
            <th className="px-3 py-2 text-right font-medium">Price</th>
            <th className="px-3 py-2 text-right font-medium">24h</th>
            <th className="hidden px-3 py-2 text-right font-medium sm:table-cell">Market cap</th>
          </tr>
        </thead>
        <tbody>
          {(tokens.data?.items ?? Array.from({ length: 10 }, () => null)).map((token, i) => {
            const q = token ? byId.get(token.id) : undefined;
            const dir = direction(q?.percent_change_24h);
            return (
              <tr key={token?.id ?? `s${i}`} className="h-9 border-b border-border/60 last:border-0">
                <td className="px-3 text-muted">{i + 1}</td>
                <td className="px-3">
                  {token ? (
                    <span>
                      <span className="font-medium">{token.name}</span>{' '}
                      <span className="text-muted">{token.symbol}</span>
                    </span>
                  ) : (
                    <span className="skeleton inline-block h-3 w-32" />
                  )}
                </td>
                <td className="px-3 text-right">{q ? formatPrice(q.price, USD) : <span className="skeleton inline-block h-3 w-16" />}</td>
                <td className={`px-3 text-right ${dir === 'up' ? 'text-up' : dir === 'down' ? 'text-down' : 'text-muted'}`}>
                  {q ? formatPercent(q.percent_change_24h) : ''}
                </td>
                <td className="hidden px-3 text-right sm:table-cell">{q ? formatCompact(q.market_cap, USD) : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Panel>
  );
}
