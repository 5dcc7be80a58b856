'use client';
import { formatCompact, formatCount } from '@/lib/core/format/number';
import { useMoney } from '@/lib/features/fiats/use-money';
import { POOL_WINDOWS } from '@/lib/features/pools/params';
import type { PoolObject, PoolWindow } from '@/lib/contracts/price/schema';
import { Panel } from '@/components/ui/panel';
import { Segmented } from '@/components/ui/segmented';
import { Skeleton } from '@/components/ui/skeleton';
import { WINDOW_LABELS, WindowChange } from './pool-header';

const OPTIONS = POOL_WINDOWS.map((value) => ({ value, label: WINDOW_LABELS[value] }));

/**
 * Activity over one window: change, volume, buys against sells, buyers against sellers. All of it is
 * the price service's hourly pool snapshot (no live source has these), and says so.
 */
export function PoolStats({
  pool,
  window,
  onWindow,
}: {
  pool: PoolObject | null;
  window: PoolWindow;
  onWindow: (w: PoolWindow) => void;
}) {
  const tx = pool?.transactions[window];
  const money = useMoney();
  return (
    <Panel
      title="Activity"
      actions={
        <Segmented label="Window" options={OPTIONS} value={window} onChange={onWindow} size="sm" />
      }
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 px-3 pt-2.5">
        <div>
          <dt className="text-2xs uppercase tracking-wide text-muted">Change</dt>
          <WindowChange pool={pool} window={window} placeholderWidth={56} />
        </div>
        <div>
          <dt className="text-2xs uppercase tracking-wide text-muted">Volume</dt>
          <dd className="num text-13 font-medium">
            {pool ? (
              formatCompact(money.of(pool.volume_usd[window]), money.format)
            ) : (
              <Skeleton width={64} />
            )}
          </dd>
        </div>
      </dl>
      <div className="space-y-3 px-3 pb-2 pt-3">
        <Split
          label="Txns"
          left={{ name: 'Buys', value: tx?.buys }}
          right={{ name: 'Sells', value: tx?.sells }}
        />
        <Split
          label="Makers"
          left={{ name: 'Buyers', value: tx?.buyers }}
          right={{ name: 'Sellers', value: tx?.sellers }}
        />
      </div>
      <p className="px-3 pb-2.5 text-2xs text-muted" data-testid="activity-source">
        The price service&rsquo;s hourly pool snapshot.
      </p>
    </Panel>
  );
}

function Split({
  label,
  left,
  right,
}: {
  label: string;
  left: { name: string; value: number | undefined };
  right: { name: string; value: number | undefined };
}) {
  const known = left.value !== undefined && right.value !== undefined;
  const total = (left.value ?? 0) + (right.value ?? 0);
  const share = known && total > 0 ? ((left.value ?? 0) / total) * 100 : 50;
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between text-12">
        <span className="num">
          <span className="text-muted">{left.name}</span>{' '}
          <span className="font-medium text-up">
            {known && left.value != null ? formatCount(left.value) : '—'}
          </span>
        </span>
        <span className="text-2xs uppercase tracking-wide text-muted">
          {label} {known ? formatCount(total) : ''}
        </span>
        <span className="num">
          <span className="font-medium text-down">
            {known && right.value != null ? formatCount(right.value) : '—'}
          </span>{' '}
          <span className="text-muted">{right.name}</span>
        </span>
      </div>
      <div
        className="flex h-1.5 overflow-hidden rounded-full bg-raised"
        role="img"
        aria-label={
          known ? `${left.name} ${left.value}, ${right.name} ${right.value}` : `${label} loading`
        }
      >
        {known && (
          <>
            <span className="bg-up" style={{ width: `${share}%` }} />
            <span className="flex-1 bg-down" />
          </>
        )}
      </div>
    </div>
  );
}
