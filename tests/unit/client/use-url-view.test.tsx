// @vitest-environment happy-dom
/**
 * useUrlView keeps a page's view (the pool page's, the workspace's) in the URL: a plain change
 * replaces the history entry, a deliberate one pushes a new entry so Back undoes it, and Back brings
 * the view of its entry back (parsed from the query string).
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUrlView } from '@/lib/client/hooks/use-url-params';

interface View {
  interval: string;
}
const href = (v: View) => `/pools/x?interval=${v.interval}`;
const parse = (search: URLSearchParams): View => ({ interval: search.get('interval') ?? '1h' });

describe('useUrlView', () => {
  beforeEach(() => window.history.replaceState(null, '', '/pools/x?interval=1h'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('replaces the entry for a plain change and pushes one for a deliberate change', () => {
    const push = vi.spyOn(window.history, 'pushState');
    const replace = vi.spyOn(window.history, 'replaceState');
    const { result } = renderHook(() => useUrlView<View>({ interval: '1h' }, href, parse));
    expect(push).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();

    act(() => result.current[1]({ interval: '5m' }));
    expect(window.location.search).toBe('?interval=5m');
    expect(replace).toHaveBeenCalledTimes(1);
    expect(push).not.toHaveBeenCalled();

    act(() => result.current[1]((v) => ({ ...v, interval: '1d' }), 'push'));
    expect(window.location.search).toBe('?interval=1d');
    expect(push).toHaveBeenCalledTimes(1);

    // The next plain change replaces again: push is for that one change only.
    act(() => result.current[1]({ interval: '4h' }));
    expect(push).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledTimes(2);
  });

  it('brings the view of the entry Back and Forward land on, and tells onPop', () => {
    const onPop = vi.fn();
    const { result } = renderHook(() => useUrlView<View>({ interval: '1h' }, href, parse, onPop));
    act(() => {
      window.history.replaceState(null, '', '/pools/x?interval=15m');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(result.current[0]).toEqual({ interval: '15m' });
    expect(onPop).toHaveBeenCalledTimes(1);
  });
});
