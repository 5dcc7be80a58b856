/** A span per upstream call, with the service, the method and the answer's status. */
import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { closedPortUrl, startRecordingSim, type RecordingUpstream } from '../../support/upstream';

let upstream: RecordingUpstream;
const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  upstream = await startRecordingSim('trace-key-0123');
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
});
afterAll(async () => {
  trace.disable();
  await upstream.close();
});

it('the gateway and the typed clients leave one client span per upstream call', async () => {
  Object.assign(process.env, { UPSTREAM_BASE_URL: upstream.url, UPSTREAM_API_KEY: upstream.key });
  vi.resetModules();
  (await import('@/lib/upstream/exchange')).clearExchangeCache();
  const { priceClient } = await import('@/lib/upstream/price/client');
  await priceClient.quotesLatest([1]);
  await priceClient.quotesLatest([1]); // cached 3 s: no second upstream call, no second span
  await priceClient.fiats();
  const spans = exporter.getFinishedSpans();
  expect(spans.map((s) => s.name)).toEqual(['upstream price GET', 'upstream price GET']);
  expect(spans[0]?.attributes).toMatchObject({
    'pulse.service': 'price',
    'http.request.method': 'GET',
    'http.response.status_code': 200,
  });

  exporter.reset();
  process.env.UPSTREAM_BASE_URL = await closedPortUrl();
  vi.resetModules();
  (await import('@/lib/upstream/exchange')).clearExchangeCache();
  const again = await import('@/lib/upstream/price/client');
  (await import('@/lib/observe/log')).setLogSink(() => undefined);
  await expect(again.priceClient.fiats()).rejects.toThrow();
  const [failed] = exporter.getFinishedSpans();
  expect(failed?.attributes).toMatchObject({ 'pulse.failure': 'unreachable' });
  expect(failed?.status.code).toBe(2); // ERROR
  (await import('@/lib/observe/log')).setLogSink(null);
});
