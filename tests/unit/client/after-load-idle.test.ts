import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadIdle } from '@/lib/client/after-load-idle';

/** A browser window as far as the helper sees it: load events, and an idle callback or not. */
function browser(readyState: DocumentReadyState, idle: boolean) {
  const win = Object.assign(new EventTarget(), {
    requestIdleCallback: idle
      ? vi.fn((cb: () => void, _opts: { timeout: number }) => {
          queueMicrotask(cb);
          return 7;
        })
      : undefined,
    cancelIdleCallback: vi.fn(),
  });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { readyState });
  return win;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterLoadIdle', () => {
  it('on a loaded page, runs at the next idle moment, within the timeout given', async () => {
    const win = browser('complete', true);
    const fn = vi.fn();
    afterLoadIdle(fn, 2_500);
    expect(win.requestIdleCallback).toHaveBeenCalledWith(fn, { timeout: 2_500 });
    await Promise.resolve();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('before the load, waits for it', async () => {
    const win = browser('interactive', true);
    const fn = vi.fn();
    afterLoadIdle(fn, 3_000);
    expect(win.requestIdleCallback).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('cancelled before the load, never runs', () => {
    const win = browser('loading', true);
    const fn = vi.fn();
    afterLoadIdle(fn, 3_000)();
    win.dispatchEvent(new Event('load'));
    expect(win.requestIdleCallback).not.toHaveBeenCalled();
    expect(fn).not.toHaveBeenCalled();
  });

  it('cancelled after the load, cancels the idle callback', () => {
    const win = browser('complete', true);
    afterLoadIdle(vi.fn(), 3_000)();
    expect(win.cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('without an idle callback (Safari), runs shortly after the load', () => {
    vi.useFakeTimers();
    browser('complete', false);
    const fn = vi.fn();
    afterLoadIdle(fn, 3_000);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
