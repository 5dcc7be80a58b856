import type { SimConfig, SimService } from '../core/types';
import type { Market } from '../market';
import { json } from '../core/http';

export interface PriceDeps {
  config: SimConfig;
  market: Market;
}

/** Placeholder until the price service lands. */
export function createPriceService(_deps: PriceDeps): SimService {
  return {
    prefix: '/price/api/v1',
    handle: async () => json({ code: 404, message: 'Not found', data: null }, 404),
  };
}
