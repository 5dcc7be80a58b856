'use client';
import { lazy, Suspense, useState } from 'react';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { CompareButton, ComparePlaceholder } from './toolbar-placeholders';

const load = () => import('./compare-control');
// Its panel and look-ups load at the first press (or hover) of the button, not with the page.
const CompareControl = lazy(() => load().then((m) => ({ default: m.CompareControl })));

type Props = {
  pool: PoolRef;
  compare: readonly PoolRef[];
  onChange: (pools: PoolRef[]) => void;
  suggestions: readonly PoolRef[];
};

/**
 * Compare's button, drawn at once with the count of compared pools (their lines are the chart's
 * own); the control behind it loads when the trader reaches for it, and opens then.
 */
export function LazyCompare(props: Props) {
  const [wanted, setWanted] = useState(false);
  if (wanted)
    return (
      <Suspense fallback={<ComparePlaceholder count={props.compare.length} />}>
        <CompareControl {...props} initialOpen />
      </Suspense>
    );
  return (
    <CompareButton
      count={props.compare.length}
      aria-expanded={false}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setWanted(true)}
      title="Compare with other pools (percent scale)"
    />
  );
}
