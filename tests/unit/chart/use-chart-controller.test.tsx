// @vitest-environment happy-dom
/**
 * The chart's React wiring (components/chart/use-chart-controller.ts): the chart is made in one task
 * and given its first window in the next, each about a phone's long-task threshold (together twice
 * it); the fill reads the props of its own moment, and a chart unmounted in between is never filled.
 */
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartControllerProps } from '@/components/chart/use-chart-controller';
import type { PoolRef } from '@/lib/contracts/pool-ref';

const calls: string[] = [];

vi.mock('@/lib/chart/draw/controller', () => ({
  ChartController: class {
    constructor() {
      calls.push('create');
    }
    load(pool: PoolRef, interval: string) {
      calls.push(`load ${pool.address} ${interval}`);
    }
    setCompare() {
      calls.push('compare');
    }
    setTradeMarkers() {
      calls.push('markers');
    }
    dispose() {
      calls.push('dispose');
    }
  },
}));
// The chart's code is fetched once the first frame is shown: at once here.
vi.mock('@/lib/client/first-paint', () => ({
  whenPainted: (listener: () => void) => {
    listener();
    return () => undefined;
  },
}));

const POOL: PoolRef = { chainType: 'evm', chainId: 1, address: '0xpool' };
// One array for every render, as the pool page's memoised list is (a new one is a change).
const NO_TRADES: ChartControllerProps['tradeMarkers'] = [];

async function chart() {
  const { useChartController } = await import('@/components/chart/use-chart-controller');
  const controllers: unknown[] = [];
  function Chart(props: Partial<ChartControllerProps>) {
    const containerRef = useRef<HTMLDivElement>(null);
    const figureRef = useRef<HTMLElement>(null);
    useChartController({
      containerRef,
      figureRef,
      pool: POOL,
      interval: '15m',
      style: 'candles',
      volume: true,
      tz: 'local',
      colorKey: 'dark',
      backgroundVar: '--panel',
      studies: [],
      scale: 'linear',
      compare: [],
      tradeMarkers: NO_TRADES,
      createDelay: 0,
      onTradeHover: () => undefined,
      onController: (c) => controllers.push(c),
      ...props,
    });
    return <div ref={containerRef} />;
  }
  return { Chart, controllers };
}

/** Runs the timers due now, and the promise callbacks they start, one round. */
async function nextTask() {
  await act(async () => {
    await vi.advanceTimersToNextTimerAsync();
  });
}

describe('useChartController', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    calls.length = 0;
    // happy-dom has one; without it the chart starts at once, as in a browser that has none.
    vi.stubGlobal('IntersectionObserver', undefined);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('makes the chart in one task and fills it in the next, with the props of that moment', async () => {
    const { Chart, controllers } = await chart();
    const view = render(<Chart />);
    for (let i = 0; i < 10 && !calls.includes('create'); i++) await nextTask();
    expect(calls).toEqual(['create']);
    expect(controllers).toEqual([]);

    // The interval changed between the two tasks: the first window is of the new one.
    view.rerender(<Chart interval="1h" />);
    await nextTask();
    expect(calls).toEqual(['create', 'load 0xpool 1h', 'compare', 'markers']);
    expect(controllers).toHaveLength(1);
  });

  it('never fills a chart unmounted before its second task', async () => {
    const { Chart, controllers } = await chart();
    const view = render(<Chart />);
    for (let i = 0; i < 10 && !calls.includes('create'); i++) await nextTask();
    view.unmount();
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(calls).toEqual(['create', 'dispose']);
    expect(controllers).toEqual([null]);
  });
});
