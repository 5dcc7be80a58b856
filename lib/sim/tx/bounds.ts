/**
 * Bounds on what a replay may carry (ws/replay stores it whole): the seed gives no size for a push
 * message; a real one is a few KB (a transaction with its transfer lists). Every string and every list
 * of the body is bounded, and the body itself, so that what a visitor may make the simulator keep is
 * small and counted (the byte budgets of lib/sim/tx/tenants.ts).
 */

/** A replay's JSON, whole (the gateway's cap for the endpoint is the same: lib/contracts/tx). */
export const REPLAY_MAX_BYTES = 16 * 1024;
/** Any string of the body: hashes, addresses, amounts, a method call, an instruction. */
export const REPLAY_MAX_STRING = 256;
/** Any list: transfers, details, internal transactions, listenAddress. */
export const REPLAY_MAX_LIST = 50;
const MAX_DEPTH = 6;

/** The first place where `value` breaks a bound, as a message naming it; null when within. */
export function replayOverBounds(value: unknown, path = '', depth = 0): string | null {
  const at = path || 'the body';
  if (depth > MAX_DEPTH) return `${at}: nested too deeply`;
  if (typeof value === 'string')
    return value.length > REPLAY_MAX_STRING
      ? `${at}: at most ${REPLAY_MAX_STRING} characters`
      : null;
  if (Array.isArray(value)) {
    if (value.length > REPLAY_MAX_LIST) return `${at}: at most ${REPLAY_MAX_LIST} entries`;
    for (const [i, item] of value.entries()) {
      const found = replayOverBounds(item, `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length > REPLAY_MAX_LIST) return `${at}: at most ${REPLAY_MAX_LIST} fields`;
    for (const [key, item] of entries) {
      if (key.length > REPLAY_MAX_STRING) return `${at}: a field name is too long`;
      const found = replayOverBounds(item, path ? `${path}.${key}` : key, depth + 1);
      if (found) return found;
    }
  }
  return null;
}
