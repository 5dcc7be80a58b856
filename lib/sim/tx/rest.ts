/** Request and response helpers of the tx REST endpoints, in the service's envelopes. */
import { txEndpoint } from '../../contracts/tx/endpoints';
import { txFailure } from '../../contracts/envelopes';
import type { EndpointRequest, Rejection, RequestBody } from '../../contracts/types';
import { json, type RouteContext, type Router } from '../core/http';

async function readBody(request: Request): Promise<RequestBody> {
  let text = '';
  try {
    text = await request.text();
  } catch {
    return { kind: 'invalid' };
  }
  if (text.trim() === '') return { kind: 'none' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'invalid' };
  }
}

async function endpointRequest(ctx: RouteContext): Promise<EndpointRequest> {
  const hasBody = ctx.request.method !== 'GET' && ctx.request.method !== 'HEAD';
  return {
    params: ctx.params,
    query: ctx.url.searchParams,
    body: hasBody ? await readBody(ctx.request) : { kind: 'none' },
  };
}

/** The contract's rules for the endpoint (the same ones the gateway applies). */
function check(endpointId: string, request: EndpointRequest): Response | null {
  const rejection = txEndpoint(endpointId).validate?.(request) ?? null;
  return rejection ? reject(rejection) : null;
}

/** A tx endpoint's handler: it sees only requests the contract's rules accepted. */
export type EndpointHandler = (
  req: EndpointRequest,
  ctx: RouteContext,
) => Response | Promise<Response>;

/**
 * Routes the contract's endpoint `endpointId`, at its method and path, to `handle`; a request the
 * contract's rules refuse gets the rejection the gateway would give.
 */
export function onEndpoint(router: Router, endpointId: string, handle: EndpointHandler): void {
  const { method, path } = txEndpoint(endpointId);
  router.on(method, path, async (ctx) => {
    const req = await endpointRequest(ctx);
    return check(endpointId, req) ?? handle(req, ctx);
  });
}

export function reject(rejection: Rejection): Response {
  return json(rejection.body, rejection.status);
}

export function bad(message: string): Response {
  return json(txFailure(400, message), 400);
}

/** `{ code: 0, message: 'ok', data }`: addresses, app config, retry, ws helpers, pool trades */
export function ok(data: unknown): Response {
  return json({ code: 0, message: 'ok', data });
}

/** The JSON object body of a request the contract accepted. */
export function bodyOf(request: EndpointRequest): Record<string, unknown> {
  return request.body.kind === 'json' ? (request.body.value as Record<string, unknown>) : {};
}
