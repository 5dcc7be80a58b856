/**
 * The price service of the simulator (docs/contracts.md, "Price service"). Its routes are the endpoints
 * of `priceContract`, so the gateway's allowlist and the simulator cannot drift apart, and every
 * request runs the contract's `validate()` before the handler adds the simulator's own rules.
 */
import { priceContract } from '../../contracts/price/endpoints';
import type { Endpoint, RequestBody } from '../../contracts/types';
import { hasValidKey } from '../core/auth';
import { Router } from '../core/http';
import type { SimConfig, SimService } from '../core/types';
import type { Market } from '../market';
import { FiatRates } from './fiats';
import { QuoteBook } from './quotes';
import { fail, rejection, type PriceHandler } from './reply';
import {
  fiatRates,
  getChain,
  listChains,
  listFiats,
  listTokens,
  tokenDetails,
  tokenPlatforms,
} from './routes-catalogue';
import { getPool, quotesBatch, quotesLatest } from './routes-market';
import { tokenCatalogue } from './tokens';

export interface PriceDeps {
  config: SimConfig;
  market: Market;
}

export function createPriceService({ config, market }: PriceDeps): SimService {
  const catalogue = tokenCatalogue(config.seed);
  const book = new QuoteBook(market);
  const rates = new FiatRates(market);

  const handlers: Record<string, PriceHandler> = {
    'price.chains.list': listChains,
    'price.chains.get': getChain,
    'price.quotes.latest': quotesLatest(catalogue, book, rates),
    'price.quotes.batch': quotesBatch(catalogue, book, rates),
    'price.tokens.list': listTokens(catalogue),
    'price.tokens.details': tokenDetails(catalogue),
    'price.tokens.platforms': tokenPlatforms(catalogue),
    'price.fiats.list': listFiats,
    'price.fiats.rates': fiatRates(rates),
    'price.pools.get': getPool(market),
  };

  const router = new Router();
  for (const endpoint of priceContract.endpoints) {
    const handler = handlers[endpoint.id];
    if (!handler) throw new Error(`price simulator has no handler for ${endpoint.id}`);
    router.on(endpoint.method, endpoint.path, async ({ request, url, params }) => {
      const body = await readBody(request, endpoint);
      const input = { params, query: url.searchParams, body };
      const rejected = endpoint.validate?.(input);
      if (rejected) return rejection(rejected);
      return handler({ ...input, now: Math.floor(config.now() / 1000) });
    });
  }

  return {
    prefix: priceContract.prefix,
    async handle(request, path) {
      const match = router.match(request.method, path);
      // A known path under another method is a 404 too: the gateway treats both alike.
      if (match === null || match === 'method') return rejection(priceContract.notFound());
      if (!hasValidKey(request.headers, config.apiKey)) return fail(401, 'Unauthorized', 401);
      return match.handler({ request, url: new URL(request.url), params: match.params });
    },
  };
}

/** No body is `none`, text that is not JSON is `invalid` (the contract's vocabulary). */
async function readBody(request: Request, endpoint: Endpoint): Promise<RequestBody> {
  if (endpoint.method === 'GET') return { kind: 'none' };
  const text = await request.text().catch(() => '');
  if (text.trim() === '') return { kind: 'none' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'invalid' };
  }
}
