/**
 * One upstream WebSocket that stays up: heartbeats (an application ping, the pong checked; a silent
 * socket is declared dead and replaced), reconnects with exponential backoff and full jitter, and
 * tells its owner when it is (re)connected so the owner re-sends its subscriptions.
 */
import { log } from '../observe/log';
import { metrics } from '../observe/metrics';
import type { SocketHandlers, UpstreamSocket } from './socket';

export type LinkState = 'connecting' | 'connected' | 'reconnecting' | 'down';

export type SocketOpener = (
  path: string,
  headers: Record<string, string>,
  handlers: SocketHandlers,
  /** a demo sandbox's own application (built-in simulator only) */
  sandbox?: string,
) => UpstreamSocket;

export interface ResilientSocketOptions {
  name: string;
  path: string;
  headers?: Record<string, string>;
  open: SocketOpener;
  /** builds the ping frame; pongs are recognised by `isPong` */
  ping: (id: string) => unknown;
  isPong: (message: Record<string, unknown>) => boolean;
  onOpen: () => void;
  onMessage: (message: Record<string, unknown>) => void;
  onState?: (state: LinkState, detail?: string) => void;
  pingEveryMs?: number;
  pongTimeoutMs?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** consecutive failed attempts after which the state is `down` (it keeps retrying) */
  downAfter?: number;
}

export class ResilientSocket {
  private socket: UpstreamSocket | null = null;
  private state: LinkState = 'connecting';
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private awaitingPongSince: number | null = null;
  private running = false;

  /** Started and not stopped: someone needs this link (readiness checks only those). */
  get active(): boolean {
    return this.running;
  }
  private counter = 0;

  constructor(private readonly options: ResilientSocketOptions) {}

  get linkState(): LinkState {
    return this.state;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
    this.socket?.close();
    this.socket = null;
  }

  /** Sends when connected; false otherwise (the owner re-sends its state in `onOpen`). */
  send(frame: unknown): boolean {
    if (this.state !== 'connected' || !this.socket) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  nextId(prefix: string): string {
    return `${prefix}-${Date.now().toString(36)}-${(++this.counter).toString(36)}`;
  }

  /** Drops the current connection as if the network had cut it (tests, and a dead heartbeat). */
  kill(reason: string): void {
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.onClosed(reason);
  }

  private connect(): void {
    if (!this.running) return;
    let opened = false;
    const socket = this.options.open(this.options.path, this.options.headers ?? {}, {
      open: () => {
        if (this.socket !== socket) return;
        opened = true;
        this.attempts = 0;
        this.setState('connected');
        this.startHeartbeat();
        this.options.onOpen();
      },
      message: (text) => {
        if (this.socket !== socket) return;
        let message: unknown;
        try {
          message = JSON.parse(text);
        } catch {
          return; // not ours to interpret; the seeds speak JSON only
        }
        if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
        const record = message as Record<string, unknown>;
        if (this.options.isPong(record)) {
          this.awaitingPongSince = null;
          return;
        }
        this.options.onMessage(record);
      },
      close: (reason) => {
        if (this.socket !== socket) return;
        this.socket = null;
        this.onClosed(opened ? reason : `could not connect: ${reason}`);
      },
    });
    this.socket = socket;
  }

  private onClosed(reason: string): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.awaitingPongSince = null;
    if (!this.running) return;
    this.attempts++;
    const downAfter = this.options.downAfter ?? 3;
    this.setState(this.attempts >= downAfter ? 'down' : 'reconnecting', reason);
    const base = this.options.backoffBaseMs ?? 500;
    const cap = this.options.backoffCapMs ?? 30_000;
    // Full jitter: a fleet of servers that lost the upstream together does not return in lockstep.
    const delay = Math.random() * Math.min(cap, base * 2 ** Math.min(this.attempts - 1, 16));
    log().warn(
      { socket: this.options.name, reason, attempt: this.attempts, delay_ms: Math.round(delay) },
      'upstream socket closed: reconnecting',
    );
    metrics().reconnects.inc({ service: this.options.name.replace(/@.*/, '') });
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
    this.reconnectTimer.unref?.();
  }

  private startHeartbeat(): void {
    const every = this.options.pingEveryMs ?? 20_000;
    const timeout = this.options.pongTimeoutMs ?? 10_000;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.awaitingPongSince !== null && Date.now() - this.awaitingPongSince > timeout) {
        log().warn({ socket: this.options.name, timeout_ms: timeout }, 'upstream heartbeat missed');
        this.kill('no pong: the connection is dead');
        return;
      }
      if (this.awaitingPongSince === null) this.awaitingPongSince = Date.now();
      this.socket?.send(JSON.stringify(this.options.ping(this.nextId('ping'))));
    }, every);
    this.pingTimer.unref?.();
  }

  private setState(state: LinkState, detail?: string): void {
    if (state === this.state && state === 'connected') return;
    this.state = state;
    if (state === 'connected')
      log().info({ socket: this.options.name }, 'upstream socket connected');
    this.options.onState?.(state, detail);
  }
}
