/**
 * The demo's sandboxes as the in-process simulator keeps them (lib/sim/tx/tenants.ts): whether one
 * exists, and making one. Only the public demo has them (sandboxMode).
 */
import 'server-only';
import { sandboxMode } from '../../config/env';
import type { SandboxDirectory } from '../../sim/core/types';
import { builtInSimulator } from '../../upstream/simulator';

export function sandboxDirectory(): SandboxDirectory | null {
  return sandboxMode() ? builtInSimulator().sandboxes : null;
}

/**
 * The sandbox to read from: the cookie's, when it exists. A visitor whose sandbox does not exist
 * (never made, dropped when idle) reads the shared demo, and no read ever makes one.
 */
export function liveSandbox(id: string | null): string | null {
  return id && sandboxDirectory()?.has(id) ? id : null;
}

const WAITING = Symbol.for('pulse.sandbox-waiting');
type Holder = { [WAITING]?: Map<string, Set<() => void>> };

function waiting(): Map<string, Set<() => void>> {
  const holder = globalThis as Holder;
  holder[WAITING] ??= new Map();
  return holder[WAITING];
}

/**
 * Calls `made` once the sandbox `id` is made (a stream that follows the shared demo's transactions
 * for a visitor who has none yet ends then, and the browser reconnects to the visitor's own). Returns
 * the function that stops waiting.
 */
export function whenSandboxMade(id: string, made: () => void): () => void {
  const all = waiting();
  const set = all.get(id) ?? new Set<() => void>();
  set.add(made);
  all.set(id, set);
  return () => {
    set.delete(made);
    if (set.size === 0 && all.get(id) === set) all.delete(id);
  };
}

export function sandboxMade(id: string): void {
  const set = waiting().get(id);
  waiting().delete(id);
  for (const made of set ?? []) made();
}
