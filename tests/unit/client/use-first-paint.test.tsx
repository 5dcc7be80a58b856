// @vitest-environment happy-dom
/**
 * What can wait, waits for the page's first frame (lib/client/first-paint.ts, useFirstPaint): false in
 * the first render, as on the server, until the browser reports its first contentful paint; then
 * true, also for what mounts later; and true anyway when no paint is ever reported. What can wait
 * longer (useStartAfter('idle')) waits for the loaded page's idle moment, or its timeout.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartMoment } from '@/lib/client/hooks/use-first-paint';

type Entry = { name: string };
let emit: ((entries: Entry[]) => void) | null = null;

class FakeObserver {
  static supportedEntryTypes = ['paint'];
  constructor(
    private readonly callback: (list: { getEntriesByName: (n: string) => Entry[] }) => void,
  ) {}
  observe() {
    emit = (entries) =>
      this.callback({ getEntriesByName: (n) => entries.filter((e) => e.name === n) });
  }
  disconnect() {
    emit = null;
  }
}

/** Fake time moves on by `ms`, and what it set off renders. */
async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

async function probe() {
  vi.resetModules();
  const { useFirstPaint, useStartAfter } = await import('@/lib/client/hooks/use-first-paint');
  const renders: boolean[] = [];
  function Probe({ id }: { id: string }) {
    const painted = useFirstPaint();
    renders.push(painted);
    return <span data-testid={id}>{painted ? 'painted' : 'waiting'}</span>;
  }
  function After({ id, moment }: { id: string; moment: StartMoment }) {
    return <span data-testid={id}>{useStartAfter(moment) ? 'started' : 'waiting'}</span>;
  }
  return { Probe, After, renders };
}

describe('useFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    emit = null;
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([]);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('stays false until the first contentful paint is reported, then turns true', async () => {
    const { Probe, renders } = await probe();
    render(<Probe id="a" />);
    expect(renders[0]).toBe(false);
    await act(async () => {
      emit?.([{ name: 'first-paint' }]);
    });
    expect(screen.getByTestId('a').textContent).toBe('waiting');

    await act(async () => {
      emit?.([{ name: 'first-contentful-paint' }]);
    });
    expect(screen.getByTestId('a').textContent).toBe('painted');

    // Mounted after the paint: false for its first render only, then true without another paint.
    render(<Probe id="b" />);
    await act(async () => undefined);
    expect(screen.getByTestId('b').textContent).toBe('painted');
  });

  it('turns true after the fallback when no paint is ever reported', async () => {
    const { Probe } = await probe();
    render(<Probe id="c" />);
    await advance(2_900);
    expect(screen.getByTestId('c').textContent).toBe('waiting');
    await advance(200);
    expect(screen.getByTestId('c').textContent).toBe('painted');
  });

  it('is true at once where the paint was reported before it was asked', async () => {
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([
      { name: 'first-contentful-paint' } as PerformanceEntry,
    ]);
    const { Probe, renders } = await probe();
    render(<Probe id="d" />);
    await act(async () => undefined);
    expect(renders[0]).toBe(false);
    expect(screen.getByTestId('d').textContent).toBe('painted');
  });

  it("waits for the loaded page's idle moment where asked to, not for the paint", async () => {
    let idle: (() => void) | null = null;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      idle = cb;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { After } = await probe();
    const view = render(<After id="e" moment="idle" />);
    await act(async () => {
      emit?.([{ name: 'first-contentful-paint' }]);
    });
    expect(screen.getByTestId('e').textContent).toBe('waiting');
    // The test page has loaded already: the idle callback is asked for at once.
    expect(idle).not.toBeNull();
    await act(async () => {
      idle?.();
    });
    expect(screen.getByTestId('e').textContent).toBe('started');

    // Asked for the paint afterwards (another fiat chosen): it stays started.
    view.rerender(<After id="e" moment="paint" />);
    await act(async () => undefined);
    expect(screen.getByTestId('e').textContent).toBe('started');
  });

  it('starts at the idle timeout on a page that never idles', async () => {
    vi.stubGlobal('requestIdleCallback', (cb: () => void, o: { timeout: number }) =>
      setTimeout(cb, o.timeout),
    );
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
    const { After } = await probe();
    render(<After id="f" moment="idle" />);
    await advance(1_900);
    expect(screen.getByTestId('f').textContent).toBe('waiting');
    await advance(200);
    expect(screen.getByTestId('f').textContent).toBe('started');
  });
});
