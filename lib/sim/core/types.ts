/**
 * The simulator's core is transport-free: HTTP is a web-standard `Request -> Response` function and a
 * WebSocket is a pair of callbacks. `lib/sim/node-server.ts` binds it to a real port; the gateway calls
 * it in-process when no UPSTREAM_BASE_URL is configured, so a preview deployment still shows live data.
 */

/** What the simulator needs from whoever carries a WebSocket connection to it. */
export interface WsPeer {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

/** The simulator's side of one accepted WebSocket connection. */
export interface WsSession {
  /** A frame from the client. Binary frames arrive with `isBinary` true. */
  message(data: string, isBinary: boolean): void;
  /** The connection is gone (either side closed it); release everything it held. */
  closed(): void;
}

export type UpgradeResult =
  | { ok: true; open(peer: WsPeer): WsSession }
  | { ok: false; status: number; headers: Record<string, string>; body: string };

export interface SimConfig {
  apiKey: string;
  /** Where monitored addresses, app config and the webhook retry queue persist; null keeps state in memory. */
  stateDir: string | null;
  txIntervalMs: number;
  webhookRetryBaseMs: number;
  /** Seed of every generated figure; two processes with the same seed serve the same market. */
  seed: string;
  /** Clock in Unix milliseconds; tests may pin it. */
  now: () => number;
  /** debug logs one line per request. */
  logLevel: 'silent' | 'info' | 'debug';
  /** Most addresses the key's own application may monitor (the state file stays bounded). */
  maxAddresses?: number;
  /**
   * Webhook delivery to loopback, private, link-local and other non-public addresses. Off by default
   * (a public simulator must not become a port scanner); on for local development and tests.
   */
  webhookAllowPrivate?: boolean;
  /**
   * Demo sandboxes (the in-process simulator of a public demo): a key `<apiKey>:sandbox:<id>` names an
   * application of its own, made on demand from the operator's monitored list, kept in memory only.
   */
  sandboxes?: SandboxLimits | null;
  /**
   * The dashboard's own webhook receiver, reached in process instead of over the network (the only
   * loopback target a public demo may deliver to). Returns null when `url` is not that receiver.
   */
  ownReceiver?: OwnReceiver | null;
}

export interface SandboxLimits {
  /**
   * sandboxes kept at once; when full, only one nobody is connected to and nobody changed within
   * `idleMs` may make room (the least recently used first); otherwise a newcomer gets none
   */
  max: number;
  /** a sandbox unused this long (and with no open socket) is dropped */
  idleMs: number;
  /** monitored addresses per sandbox */
  maxAddresses: number;
  /** bytes of replayed transactions one sandbox keeps (its oldest go first) */
  maxBytes?: number;
  /** bytes of replayed transactions all sandboxes keep together (past it, a replay is refused) */
  totalBytes?: number;
}

/** What the dashboard asks of the demo's sandboxes before it sends a visitor's call to one. */
export interface SandboxDirectory {
  /** whether the sandbox exists now (a read of one that does not is a read of the shared demo) */
  has(id: string): boolean;
  /** makes the sandbox if it does not exist and there is room; false when the demo is full */
  open(id: string): boolean;
  stats(): { count: number; max: number; bytes: number; totalBytes: number };
}

export type OwnReceiver = (
  url: string,
  delivery: { sandbox: string; sign: string; body: string },
) => Promise<{ status: number }> | null;

export interface Simulator {
  readonly config: SimConfig;
  handle(request: Request): Promise<Response>;
  /** `path` includes the query string; headers are the handshake's request headers. */
  upgrade(path: string, headers: Headers): UpgradeResult;
  /** Starts the timers (transaction production, webhook retries). Idempotent. */
  start(): void;
  /** Stops the timers, closes sockets and flushes state to disk. */
  stop(): Promise<void>;
  /**
   * A test hook by name (`pool-trade`), reached only through `/__sim/` when the node server runs
   * with SIM_CONTROL=1; null when no service knows the name.
   */
  control(name: string, params: URLSearchParams): Response | null;
  /** the demo sandboxes, when `SimConfig.sandboxes` is on */
  readonly sandboxes: SandboxDirectory | null;
}

/** A service module of the simulator (price, tx, kline) plugs into the core through this. */
export interface SimService {
  /** Path prefix this service owns, e.g. `/price/api/v1`. */
  readonly prefix: string;
  handle(request: Request, path: string): Promise<Response>;
  upgrade?(path: string, url: URL, headers: Headers): UpgradeResult | null;
  start?(): void;
  stop?(): Promise<void>;
  /** This service's test hooks (see Simulator.control). */
  control?(name: string, params: URLSearchParams): Response | null;
  /** the demo sandboxes this service keeps (the tx service's applications) */
  readonly sandboxes?: SandboxDirectory | null;
}
