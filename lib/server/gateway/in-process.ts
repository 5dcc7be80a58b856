/**
 * Calls from server components go through the gateway in-process, so they share its validation, its
 * caches (quotes 3 s, pools 1 h) and its failure envelopes with the browser's calls, and the key stays
 * where it always is.
 */
import 'server-only';
import type { Service } from '../../contracts/services';
import { handleGateway } from './handle';

export type GatewayResult =
  { ok: true; data: unknown } | { ok: false; status: number; code: number | null; message: string };

export async function gatewayCall(
  service: Service,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<GatewayResult> {
  const request = new Request(`http://gateway.internal/api/${service}/v1${path}`, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const response = await handleGateway(service, request, { internal: true });
  const body = (await response.json().catch(() => null)) as {
    code?: unknown;
    msg?: unknown;
    message?: unknown;
    data?: unknown;
  } | null;
  if (response.ok && body?.code === 0) return { ok: true, data: body.data };
  const text =
    typeof body?.msg === 'string'
      ? body.msg
      : typeof body?.message === 'string'
        ? body.message
        : `HTTP ${response.status}`;
  return {
    ok: false,
    status: response.status,
    code: typeof body?.code === 'number' ? body.code : null,
    message: text,
  };
}
