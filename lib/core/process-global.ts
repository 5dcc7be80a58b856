/**
 * One value per process, kept on globalThis under a registered symbol: a dev reload (and Next.js's
 * separate bundles of the same module) load a module more than once, and every copy must find the
 * same logger, metrics, store or secret rather than make its own.
 */
type Holder = Record<symbol, unknown>;

/** The process's value under `name`: made by `make` the first time it is asked for. */
export function processGlobal<T>(name: string, make: () => T): T {
  const holder = globalThis as Holder;
  const key = Symbol.for(name);
  return (holder[key] ??= make()) as T;
}

/** Puts `value` in the place of the process's value under `name`; undefined has it made again. */
export function setProcessGlobal<T>(name: string, value: T | undefined): void {
  (globalThis as Holder)[Symbol.for(name)] = value;
}
