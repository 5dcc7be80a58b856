/** The three upstream services and their path prefixes (seed documents). */
export type Service = 'price' | 'tx' | 'kline';

export const SERVICE_PREFIX: Record<Service, string> = {
  price: '/price/api/v1',
  tx: '/tx/api/v1',
  kline: '/kline/api/v1',
};
