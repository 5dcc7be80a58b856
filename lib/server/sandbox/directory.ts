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
