/** Words and numbers of alerts: the toast, the notification, the chart's lines and the alerts page. */
import { formatLevel, formatNear } from '../../core/format/price';
import { poolPath } from '../../contracts/pool-ref';
import type { ChainType } from '../../contracts/chain-types';
import type { CrossDirection } from './crossing';
import type { AlertTarget, PriceEntry } from './model';

/** A price typed by hand: `3,714.5` and `3714.5` both read; anything else is not a price. */
export function readPrice(text: string): number | null {
  const n = Number(text.replace(/[,\s]/g, ''));
  return Number.isFinite(n) && n > 0 && n <= 1e15 ? n : null;
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

/**
 * The unit of an alert's level: a token's fiat; a pool's quote token (the chart's prices are the
 * base token in the quote: `3,550.73 USDC`, never `$`), read from its pair for lines kept before the
 * unit was stored; empty when unknown.
 */
export function levelUnit(target: AlertTarget): string {
  if (target.kind === 'token') return target.fiat;
  if (target.quote) return target.quote;
  const pair = target.label?.split('/');
  return pair && pair.length === 2 ? (pair[1]?.trim() ?? '') : '';
}

export function levelText(entry: PriceEntry): string {
  const unit = levelUnit(entry.target);
  const level = formatLevel(entry.price);
  return unit ? `${level} ${unit}` : level;
}

/** `WETH/USDC crossed 3,714.00 ↑` and a line of detail, for the toast and the notification. */
export function firedMessage(
  entry: PriceEntry,
  price: number,
  direction: CrossDirection,
): { title: string; body: string } {
  const arrow = direction === 'up' ? '↑' : '↓';
  const verb = direction === 'up' ? 'rose to' : 'fell to';
  const unit = levelUnit(entry.target);
  return {
    title: `${targetName(entry.target)} crossed ${levelText(entry)} ${arrow}`,
    body: `Price ${verb} ${formatNear(price, entry.price)}${unit ? ` ${unit}` : ''}.`,
  };
}

/** An alert the trader fired at once because the price was already past its level. */
export function firedNowMessage(entry: PriceEntry, price: number): { title: string; body: string } {
  const side = price >= entry.price ? 'above' : 'below';
  const unit = levelUnit(entry.target);
  return {
    title: `${targetName(entry.target)} is ${side} ${levelText(entry)}`,
    body: `Price ${formatNear(price, entry.price)}${unit ? ` ${unit}` : ''}, fired when set.`,
  };
}
