/** The gateway's allowlist: the endpoints of the three seed documents, nothing else. */
import { klineContract } from './kline/endpoints';
import { matchSegments, splitPattern, type Params } from './match';
import { priceContract } from './price/endpoints';
import { txContract } from './tx/endpoints';
import type { Endpoint, ServiceContract } from './types';
import type { Service } from './services';

export const CONTRACTS: Record<Service, ServiceContract> = {
  price: priceContract,
  tx: txContract,
  kline: klineContract,
};

const compiled = new Map<Endpoint, string[]>();

function segmentsOf(endpoint: Endpoint): string[] {
  let s = compiled.get(endpoint);
  if (!s) {
    s = splitPattern(endpoint.path);
    compiled.set(endpoint, s);
  }
  return s;
}

export function findEndpoint(
  contract: ServiceContract,
  method: string,
  segments: readonly string[],
): { endpoint: Endpoint; params: Params } | null {
  for (const endpoint of contract.endpoints) {
    if (endpoint.method !== method) continue;
    const params = matchSegments(segmentsOf(endpoint), segments);
    if (params) return { endpoint, params };
  }
  return null;
}

/**
 * Decoded segments that would let a path climb out of its prefix or smuggle a separator are refused
 * before matching: `.`, `..`, an encoded `/` or `\`, or control characters.
 */
export function isSafeSegment(segment: string): boolean {
  if (segment === '.' || segment === '..') return false;
  return !/[/\\\u0000-\u001f\u007f]/.test(segment);
}
