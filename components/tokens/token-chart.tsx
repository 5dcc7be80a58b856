'use client';
/**
 * The token page's chart: the candles of one pool that prices the token (the deepest by default),
 * named and linked, with a switch to the others. Loaded on its own (next/dynamic) so the token page
 * paints without the chart library; the chart and its live candles are the pool page's, over the
 * tab's one stream.
 */
import Link from 'next/link';
import { DEFAULT_INTERVAL, isInterval } from '@/lib/chart/rules/intervals';
import { formatCompact } from '@/lib/core/format/number';
import { useMoney } from '@/lib/features/fiats/use-money';
import { useUrlParams } from '@/lib/client/hooks/use-url-params';
import { poolKey, poolPath } from '@/lib/contracts/pool-ref';
import { dexName } from '@/lib/features/pools/summary';
import { usePrefs } from '@/lib/client/stores/prefs';
import type { TokenPool } from '@/lib/features/tokens/platforms';
import { CandleChart } from '@/components/chart/candle-chart';
import { IntervalPicker } from '@/components/chart/chart-toolbar';
import { Select } from '@/components/ui/field';

export interface ChartPool extends TokenPool {
  chainName: string;
}

export default function TokenChart({ pools, symbol }: { pools: ChartPool[]; symbol: string }) {
  const [params, update] = useUrlParams();
  const money = useMoney();
  const theme = usePrefs((s) => s.theme);
  // Hydration-safe: the server snapshot of the prefs store is its default ('local').
  const tz = usePrefs((s) => s.tz);
  const current = pools.find((p) => poolKey(p.ref) === params.get('pool')) ?? pools[0];
  const raw = params.get('interval');
  const interval = isInterval(raw) ? raw : DEFAULT_INTERVAL;
  if (!current) return null;
  const { pool } = current;
  const pair = `${pool.base_token.symbol}/${pool.quote_token.symbol}`;
  const label = (p: ChartPool) =>
    `${p.pool.base_token.symbol}/${p.pool.quote_token.symbol} · ${dexName(p.pool.dex)} · ${p.chainName}`;
  const liquidity = formatCompact(money.of(pool.reserve_in_usd), money.format);

  return (
    <div className="flex flex-col">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 border-b border-border px-3 py-2">
        <p className="min-w-0 text-12 text-muted" data-testid="token-chart-source">
          Pool price of {pool.base_token.symbol} in {pool.quote_token.symbol}
          {current.via ? ` (${current.via} is ${symbol} wrapped)` : ''} on{' '}
          <Link
            href={poolPath(current.ref)}
            className="font-medium text-text hover:text-accent hover:underline"
            data-testid="token-chart-pool"
          >
            {label(current)}
          </Link>
          <span className="num"> · liquidity {liquidity}</span>
        </p>
        {pools.length > 1 && (
          <label className="flex items-center gap-2 text-12 text-muted">
            Pool
            <Select
              value={poolKey(current.ref)}
              onChange={(e) => update({ pool: e.target.value }, 'push')}
              className="h-7 !w-auto max-w-[220px] sm:max-w-[380px]"
              data-testid="token-chart-switch"
            >
              {pools.map((p, i) => (
                <option key={poolKey(p.ref)} value={poolKey(p.ref)}>
                  {label(p)}
                  {i === 0 ? ' (deepest)' : ''}
                </option>
              ))}
            </Select>
          </label>
        )}
      </div>
      <CandleChart
        className="h-[320px] sm:h-[400px]"
        pool={current.ref}
        interval={interval}
        style="candles"
        volume
        tz={tz}
        colorKey={theme}
        title={pair}
        toolbar={
          <IntervalPicker
            value={interval}
            onChange={(value) => update({ interval: value }, 'push')}
          />
        }
      />
    </div>
  );
}
