/**
 * The seed endpoints as data: the gateway's allowlist and the input rules both the gateway and the
 * simulator apply. One file per service (`price.ts`, `tx.ts`, `kline.ts`) lists its endpoints.
 * Nothing here may import server-only code: the simulator and tests use it too.
 */
import type { Service } from './services';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** present but not parseable as JSON */
  | { kind: 'invalid' };

export interface EndpointRequest {
  /** percent-decoded path parameters, by the names in `Endpoint.path` */
  params: Record<string, string>;
  query: URLSearchParams;
  body: RequestBody;
}

/** A response the service would give, in its own envelope. */
export interface Rejection {
  status: number;
  body: unknown;
}

/** A query parameter the endpoint takes: its name, or a name with the aliases the seed accepts for it. */
export type QueryParam = string | { name: string; aliases: readonly string[] };

export interface Endpoint {
  /** stable name, e.g. `price.quotes.latest` */
  id: string;
  method: Method;
  /** pattern relative to the service prefix: `/chains/:id_or_name` */
  path: string;
  /** `public` endpoints need no key upstream (tx pool trades) */
  auth: 'key' | 'public';
  /** Changes upstream state: needs the admin session when one is configured. */
  mutates?: boolean;
  /**
   * The query parameters the seed gives this endpoint. The gateway rebuilds the upstream query from
   * these alone (canonical order, each at most once, aliases under their canonical name); anything
   * else is dropped. None listed: no query is forwarded.
   */
  query?: readonly QueryParam[];
  /** Largest body the gateway reads for it (bytes), set from the seed's largest legitimate body. */
  maxBodyBytes?: number;
  /** The gateway may cache a success this long (seconds) and let a CDN share it. */
  cacheSeconds?: number;
  /**
   * Input errors the seed document gives for this endpoint, with its code and message: the gateway
   * answers them itself, before any upstream call. Only what the seed specifies belongs here.
   */
  validate?(request: EndpointRequest): Rejection | null;
}

export interface ServiceContract {
  service: Service;
  /** upstream path prefix, e.g. `/price/api/v1` */
  prefix: string;
  endpoints: readonly Endpoint[];
  /** unknown path or method, in the service's envelope (HTTP 404) */
  notFound(): Rejection;
  /** the upstream is down, slow or answered garbage (HTTP 502 or 504), naming the service */
  upstreamFailure(status: 502 | 504, reason: string): Rejection;
}
