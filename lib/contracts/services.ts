/** The three upstream services and their path prefixes (seed documents). */
export const SERVICES = ['price', 'tx', 'kline'] as const;
export type Service = (typeof SERVICES)[number];

export const SERVICE_PREFIX: Record<Service, string> = {
  price: '/price/api/v1',
  tx: '/tx/api/v1',
  kline: '/kline/api/v1',
};

export function isService(value: string): value is Service {
  return (SERVICES as readonly string[]).includes(value);
}
