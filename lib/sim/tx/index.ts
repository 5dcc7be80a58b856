import type { SimConfig, SimService } from '../core/types';
import type { Market } from '../market';
import { json } from '../core/http';

export interface TxDeps {
  config: SimConfig;
  market: Market;
}

/** Placeholder until the tx service lands. */
export function createTxService(_deps: TxDeps): SimService {
  return {
    prefix: '/tx/api/v1',
    handle: async () => json({ code: 404, message: 'Not found', data: null }, 404),
  };
}
