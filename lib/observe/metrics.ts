/**
 * Prometheus metrics (prom-client), served by `/api/metrics` when METRICS_TOKEN is set. One registry
 * per process, kept on globalThis so a dev reload does not register the series twice. Gauges that
 * mirror live state (open streams, upstream subscriptions) are read from their owner at scrape time.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { processGlobal } from '../core/process-global';

function build() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'pulse_process_' });
  const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    gatewayRequests: counter(
      'pulse_gateway_requests_total',
      'Gateway answers by endpoint and status',
      ['service', 'endpoint', 'status'],
    ),
    upstreamLatency: new Histogram<'service' | 'outcome'>({
      name: 'pulse_upstream_request_seconds',
      help: 'Upstream HTTP calls by service and outcome (ok, failure, timeout, unreachable, bad-response)',
      labelNames: ['service', 'outcome'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    cache: counter(
      'pulse_gateway_cache_total',
      'Cached endpoint reads: hit (cache or a call in flight) or miss',
      ['service', 'result'],
    ),
    streamsOpen: new Gauge({
      name: 'pulse_streams_open',
      help: 'Browser SSE streams open on this instance',
      registers: [registry],
    }),
    streamOpens: counter('pulse_stream_opens_total', 'Browser SSE streams opened', []),
    subscriptions: new Gauge<'kind'>({
      name: 'pulse_upstream_subscriptions',
      help: 'Upstream subscriptions held: kline pools, tx watches, trade pollers',
      labelNames: ['kind'],
      registers: [registry],
    }),
    eventsRelayed: counter(
      'pulse_stream_events_total',
      'Events relayed to browser streams, by event',
      ['event'],
    ),
    eventsDropped: counter(
      'pulse_stream_events_dropped_total',
      'Upstream events not relayed: schema (failed the seed schema)',
      ['service', 'reason'],
    ),
    slowClients: counter(
      'pulse_stream_slow_clients_total',
      'Streams cut because the client stopped reading',
      [],
    ),
    reconnects: counter(
      'pulse_upstream_socket_reconnects_total',
      'Upstream socket reconnect attempts',
      ['service'],
    ),
    rateLimited: counter('pulse_rate_limited_total', 'Requests refused with 429, by limit', [
      'limit',
    ]),
    webhooks: counter('pulse_webhook_deliveries_total', 'Webhook deliveries received, by result', [
      'result',
    ]),
  };
}

export type Metrics = ReturnType<typeof build>;
export function metrics(): Metrics {
  return processGlobal('pulse.metrics', build);
}
