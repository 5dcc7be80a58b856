/**
 * Price lines and price alerts, kept in this browser: a horizontal line on a pool's chart, which may
 * be an alert, and a token's price alert from the Markets table. Both are entries of one list
 * (lib/features/alerts/store.ts), checked by one watcher (lib/features/alerts/watcher.ts).
 */
import { CROSS_CONDITIONS, type CrossCondition } from '../../core/crossing';
import { isRecord } from '../../core/values';

/** When an alert fires: the crossing rule's conditions (lib/core/crossing.ts). */
export type AlertCondition = CrossCondition;

export const CONDITION_LABELS: Record<AlertCondition, string> = {
  up: 'Crossing up',
  down: 'Crossing down',
  cross: 'Crossing',
};

/** Bounds of what a stored entry may hold: anything else in localStorage is dropped on read. */
export const MAX_ENTRIES = 200;
export const MAX_LINES_PER_POOL = 20;
const MAX_TEXT = 64;
const MAX_PRICE = 1e15;
const MAX_TIME = 8.64e15;

export interface PoolTarget {
  kind: 'pool';
  chainType: string;
  chainId: number;
  address: string;
  /** `WETH/USDC`, when the page knew it */
  label?: string;
  /** the quote token's symbol: the unit of the chart's prices, so of the level (`USDC`) */
  quote?: string;
}

export interface TokenTarget {
  kind: 'token';
  id: number;
  symbol: string;
  name?: string;
  /** the fiat the level is in (the quotes are asked in it) */
  fiat: string;
}

export type AlertTarget = PoolTarget | TokenTarget;

export interface AlertState {
  condition: AlertCondition;
  /** when it was (re-)armed, ms */
  armedAt: number;
  /** when it fired (ms) and at what price; null while armed */
  firedAt: number | null;
  firedPrice: number | null;
}

export interface PriceEntry {
  id: string;
  target: AlertTarget;
  /** the line's price: the alert's level */
  price: number;
  createdAt: number;
  /** null: a plain line (pools only; a token entry is always an alert) */
  alert: AlertState | null;
}

// Hand-written checks rather than a schema library: this runs on every page of the app.
const isPrice = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_PRICE;
const isTime = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_TIME;
const isId = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1e12;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_TEXT;
const optionalText = (v: unknown): string | undefined | false =>
  v === undefined ? undefined : isText(v) ? v : false;

function readTarget(raw: unknown): AlertTarget | null {
  if (!isRecord(raw)) return null;
  if (raw.kind === 'pool') {
    const { chainType, chainId, address } = raw;
    const label = optionalText(raw.label);
    const quote = optionalText(raw.quote);
    if (
      typeof chainType !== 'string' ||
      !/^[a-z0-9-]{1,20}$/.test(chainType) ||
      !isId(chainId) ||
      typeof address !== 'string' ||
      !/^[A-Za-z0-9._-]{1,200}$/.test(address) ||
      label === false ||
      quote === false
    )
      return null;
    return {
      kind: 'pool',
      chainType,
      chainId,
      address,
      ...(label ? { label } : {}),
      ...(quote ? { quote } : {}),
    };
  }
  if (raw.kind === 'token') {
    const { id, symbol, fiat } = raw;
    const name = optionalText(raw.name);
    if (
      !isId(id) ||
      id === 0 ||
      !isText(symbol) ||
      typeof fiat !== 'string' ||
      !/^[A-Z0-9]{2,10}$/.test(fiat) ||
      name === false
    )
      return null;
    return { kind: 'token', id, symbol, fiat, ...(name ? { name } : {}) };
  }
  return null;
}

function readAlert(raw: unknown): AlertState | null | false {
  if (raw === null) return null;
  if (!isRecord(raw)) return false;
  const { condition, armedAt, firedAt, firedPrice } = raw;
  if (!(CROSS_CONDITIONS as readonly unknown[]).includes(condition) || !isTime(armedAt))
    return false;
  // Fired is a time and a price together; armed is neither.
  if (firedAt === null && firedPrice === null)
    return { condition: condition as AlertCondition, armedAt, firedAt: null, firedPrice: null };
  if (isTime(firedAt) && isPrice(firedPrice))
    return { condition: condition as AlertCondition, armedAt, firedAt, firedPrice };
  return false;
}

/** One stored entry, or null when any part of it is not what this version writes. */
export function readEntry(raw: unknown): PriceEntry | null {
  if (!isRecord(raw)) return null;
  const { id, price, createdAt } = raw;
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(id)) return null;
  if (!isPrice(price) || !isTime(createdAt)) return null;
  const target = readTarget(raw.target);
  const alert = readAlert(raw.alert);
  if (!target || alert === false) return null;
  if (target.kind === 'token' && alert === null) return null;
  return { id, target, price, createdAt, alert };
}

/**
 * Where the price already stands against a new alert's level: `above` for an alert that waits for a
 * rise to a level the price is at or over already, `below` for a fall; null when the alert waits for
 * something still to come (or either side will do). An alert that waits for a crossing would then
 * fire only after the price went back and crossed again: the trader is told, and asked.
 */
export function alreadyPast(
  condition: AlertCondition,
  level: number,
  current: number | null | undefined,
): 'above' | 'below' | null {
  if (current == null || !Number.isFinite(current) || !Number.isFinite(level)) return null;
  if (condition === 'up' && current >= level) return 'above';
  if (condition === 'down' && current <= level) return 'below';
  return null;
}

export function isArmed(entry: PriceEntry): boolean {
  return entry.alert !== null && entry.alert.firedAt === null;
}

/** One key per target: pools by chain, id and lowercased hex address; tokens by id and fiat. */
export function targetKey(target: AlertTarget): string {
  if (target.kind === 'token') return `token:${target.id}:${target.fiat}`;
  const address = /^0x[0-9a-fA-F]+$/.test(target.address)
    ? target.address.toLowerCase()
    : target.address;
  return `pool:${target.chainType}:${target.chainId}:${address}`;
}

/** What is in storage, kept only as far as it is valid: bad entries dropped, duplicates and excess cut. */
export function sanitizeEntries(raw: unknown): PriceEntry[] {
  if (!Array.isArray(raw)) return [];
  const out: PriceEntry[] = [];
  const ids = new Set<string>();
  const perPool = new Map<string, number>();
  for (const item of raw.slice(0, MAX_ENTRIES * 2)) {
    const entry = readEntry(item);
    if (!entry || ids.has(entry.id)) continue;
    if (entry.target.kind === 'pool') {
      const key = targetKey(entry.target);
      const n = perPool.get(key) ?? 0;
      if (n >= MAX_LINES_PER_POOL) continue;
      perPool.set(key, n + 1);
    }
    ids.add(entry.id);
    out.push(entry);
    if (out.length >= MAX_ENTRIES) break;
  }
  return out;
}
