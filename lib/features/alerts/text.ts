/** Words and numbers of alerts: the toast, the notification, the chart's lines and the alerts page. */
import { formatChartPrice, priceDecimals } from '../chart/price-format';
import { poolPath } from '../../contracts/pool-ref';
import type { ChainType } from '../../contracts/chain-types';
import type { CrossDirection } from './crossing';
import type { AlertTarget, PriceEntry } from './model';

/**
 * A level as typed or dragged: the chart's decimals for its size, more when the level has them (a
 * level set to 3,713.9975 is not shown as 3,714.00), up to six more.
 */
export function formatLevel(price: number): string {
  const base = priceDecimals(price);
  let decimals = base;
  while (decimals < base + 6 && Number(price.toFixed(decimals)) !== price) decimals++;
  return formatChartPrice(price, decimals);
}

export function targetName(target: AlertTarget): string {
  if (target.kind === 'token') return target.symbol;
  return target.label ?? `Pool ${target.address.slice(0, 6)}…${target.address.slice(-4)}`;
}

/** Where the alert's chart or token is. */
export function targetHref(target: AlertTarget): string {
  if (target.kind === 'token') return `/tokens/${target.id}`;
  return poolPath({
    chainType: target.chainType as ChainType,
    chainId: target.chainId,
    address: target.address,
  });
}

export function levelText(entry: PriceEntry): string {
  const level = formatLevel(entry.price);
  return entry.target.kind === 'token' ? `${level} ${entry.target.fiat}` : level;
}

/** `WETH/USDC crossed 3,714.00 ↑` and a line of detail, for the toast and the notification. */
export function firedMessage(
  entry: PriceEntry,
  price: number,
  direction: CrossDirection,
): { title: string; body: string } {
  const arrow = direction === 'up' ? '↑' : '↓';
  const verb = direction === 'up' ? 'rose to' : 'fell to';
  const fiat = entry.target.kind === 'token' ? ` ${entry.target.fiat}` : '';
  return {
    title: `${targetName(entry.target)} crossed ${levelText(entry)} ${arrow}`,
    body: `Price ${verb} ${formatLevel(price)}${fiat}.`,
  };
}
