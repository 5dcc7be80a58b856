import type { SimConfig, SimService } from '../core/types';
import type { Market } from '../market';
import { json } from '../core/http';

export interface KlineDeps {
  config: SimConfig;
  market: Market;
}

/** Placeholder until the kline service lands. */
export function createKlineService(_deps: KlineDeps): SimService {
  return {
    prefix: '/kline/api/v1',
    handle: async () => json({ code: 404, message: 'Not found', data: null }, 404),
  };
}
