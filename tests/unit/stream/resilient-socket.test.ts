import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResilientSocket, type LinkState } from '@/lib/upstream/resilient-socket';
import type { SocketHandlers } from '@/lib/upstream/socket';

/** Upstream sockets under the test's control: open them, answer pings or stay silent, cut them. */
function fakeUpstream() {
  const sockets: { handlers: SocketHandlers; sent: string[]; closed: boolean }[] = [];
  const open = (_path: string, _headers: Record<string, string>, handlers: SocketHandlers) => {
    const socket = { handlers, sent: [] as string[], closed: false };
    sockets.push(socket);
    return {
      send: (text: string) => socket.sent.push(text),
      close: () => {
        socket.closed = true;
      },
    };
  };
  return { sockets, open };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function make(
  open: ReturnType<typeof fakeUpstream>['open'],
  states: LinkState[],
  onOpen = vi.fn(),
) {
  return new ResilientSocket({
    name: 'test',
    path: '/x',
    open,
    ping: (id) => ({ id, type: 'ping' }),
    isPong: (m) => m.type === 'pong',
    onOpen,
    onMessage: () => undefined,
    onState: (s) => states.push(s),
    pingEveryMs: 1000,
    pongTimeoutMs: 500,
    backoffBaseMs: 100,
    backoffCapMs: 1000,
    downAfter: 3,
  });
}

describe('ResilientSocket', () => {
  it('declares a socket that stops answering pings dead and replaces it', () => {
    const up = fakeUpstream();
    const states: LinkState[] = [];
    const onOpen = vi.fn();
    const socket = make(up.open, states, onOpen);
    socket.start();
    up.sockets[0]!.handlers.open();
    expect(onOpen).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1000); // first ping
    expect(up.sockets[0]!.sent.some((s) => s.includes('"ping"'))).toBe(true);
    up.sockets[0]!.handlers.message(JSON.stringify({ type: 'pong' }));
    vi.advanceTimersByTime(1000); // second ping, never answered
    vi.advanceTimersByTime(1000); // the check finds it overdue
    expect(up.sockets[0]!.closed).toBe(true);
    expect(states).toContain('reconnecting');

    vi.advanceTimersByTime(1000); // backoff elapsed (full jitter under the cap)
    expect(up.sockets).toHaveLength(2);
    up.sockets[1]!.handlers.open();
    expect(onOpen).toHaveBeenCalledTimes(2); // the owner re-sends its subscriptions here
    expect(states.at(-1)).toBe('connected');
    socket.stop();
  });

  it('backs off with jitter under a cap, reports down after repeated failures, and recovers', () => {
    const up = fakeUpstream();
    const states: LinkState[] = [];
    const socket = make(up.open, states);
    socket.start();
    for (let i = 0; i < 4; i++) {
      up.sockets.at(-1)!.handlers.close('connection failed (ECONNREFUSED)');
      vi.advanceTimersByTime(1000);
    }
    expect(up.sockets.length).toBe(5);
    expect(states.filter((s) => s === 'down').length).toBeGreaterThan(0);
    up.sockets.at(-1)!.handlers.open();
    expect(socket.linkState).toBe('connected');
    socket.stop();
    up.sockets.at(-1)!.handlers.close('bye');
    vi.advanceTimersByTime(5000);
    expect(up.sockets.length).toBe(5); // stopped: no reconnect
  });

  it('sends only while connected', () => {
    const up = fakeUpstream();
    const socket = make(up.open, []);
    socket.start();
    expect(socket.send({ type: 'subscribe' })).toBe(false);
    up.sockets[0]!.handlers.open();
    expect(socket.send({ type: 'subscribe' })).toBe(true);
    expect(up.sockets[0]!.sent).toContain('{"type":"subscribe"}');
    socket.stop();
  });
});
