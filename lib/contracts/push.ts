/**
 * The alerts of the push API (docs/push.md) as they cross the wire: built by the browser
 * (lib/features/alerts/push-client.ts), validated and kept by the server (lib/server/push/schema.ts).
 * `C` is the pool alert's chain type: any string as a browser sends it, the canonical `ChainType`
 * once the server has read it.
 */
import type { ChainType } from './chain-types';

/** Alerts per subscription. */
export const MAX_ALERTS = 50;

export const DIRECTIONS = ['above', 'below', 'cross'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** What every price alert carries besides its target. */
interface PriceFields {
  direction: Direction;
  price: number;
  /** the name the notification shows */
  label?: string;
  /** the browser's own id of the alert: its tab and its service worker show one notification */
  ref?: string;
  /** the browser's arming time: an alert re-armed there is a new alert on the server */
  armed_at?: number;
}

export interface PoolPriceAlert<C extends string = ChainType> extends PriceFields {
  kind: 'pool-price';
  chain_type: C;
  chain_id: number;
  pool_address: string;
}

export interface TokenPriceAlert extends PriceFields {
  kind: 'token-price';
  token_id: number;
  fiat: string;
}

export interface WalletAlert {
  kind: 'wallet';
  address: string;
  /** a tx service chain name (`ethereum`, `evm`, `solana`, ...); absent: any chain of its family */
  chain_type?: string;
  label?: string;
  ref?: string;
}

export type PushAlert<C extends string = ChainType> =
  PoolPriceAlert<C> | TokenPriceAlert | WalletAlert;
export type PriceAlert = PoolPriceAlert | TokenPriceAlert;
