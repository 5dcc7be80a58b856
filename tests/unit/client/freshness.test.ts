import { describe, expect, it } from 'vitest';
import { isStale, STALE_AFTER_MS } from '@/lib/core/freshness';
import { liveInterrupted, type StreamStatus } from '@/lib/client/stream';

const status = (over: Partial<StreamStatus> = {}): StreamStatus => ({
  state: 'open',
  services: { kline: 'up', tx: 'up', trades: 'up' },
  lastEventAt: null,
  ...over,
});

describe('one freshness rule for the pages and the widget', () => {
  it('is stale past the limit, or at once when the refresh failed', () => {
    expect(isStale(STALE_AFTER_MS)).toBe(false);
    expect(isStale(STALE_AFTER_MS + 1)).toBe(true);
    expect(isStale(0, true)).toBe(true);
    expect(isStale(5_000, false, 3_000)).toBe(true);
  });

  it("a service's live data is interrupted while the tab reconnects or its upstream link is not up", () => {
    expect(liveInterrupted(status(), 'kline')).toBe(false);
    expect(liveInterrupted(status({ state: 'reconnecting' }), 'kline')).toBe(true);
    expect(liveInterrupted(status({ services: { kline: 'down', tx: 'up' } }), 'kline')).toBe(true);
    expect(liveInterrupted(status({ services: { kline: 'down', tx: 'up' } }), 'tx')).toBe(false);
    expect(liveInterrupted(status({ services: { trades: 'reconnecting' } }), 'trades')).toBe(true);
  });
});
