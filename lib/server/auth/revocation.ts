/**
 * Sessions ended by sign-out before their expiry. The cookie is stateless (signed), so a copy of it
 * stays valid until it expires unless the server remembers that its id was revoked, and keeps
 * remembering across a restart: in Redis with REDIS_URL (lib/server/cluster/install.ts), else in the
 * data directory (lib/server/data-dir.ts, `revocations.json`). Entries are dropped at their session's
 * own expiry. A store that cannot be asked (Redis unreachable) answers `unknown`, and the caller
 * decides: changes fail closed, reads go on (lib/server/auth/session.ts).
 */
import 'server-only';
import { processGlobal, setProcessGlobal } from '../../core/process-global';
import { log } from '../../observe/log';
import { readDataFile, writeDataFile } from '../data-dir';

export type RevocationState = 'revoked' | 'valid' | 'unknown';

export interface RevocationStore {
  revoke(sessionId: string, expiresAtMs: number): Promise<void>;
  check(sessionId: string): Promise<RevocationState>;
}

/** Past this, the oldest revocations go first (their sessions expire soonest). */
export const MAX_REVOCATIONS = 100_000;
/** Session ids are 16 random bytes in base64url (session.ts); anything else read back is dropped. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Revocations of this process alone (tests, and the first layer of the other stores). */
export function memoryRevocations(now: () => number = Date.now) {
  const revoked = new Map<string, number>();
  const sweep = () => {
    const t = now();
    for (const [id, until] of revoked) if (until <= t) revoked.delete(id);
    while (revoked.size > MAX_REVOCATIONS) revoked.delete(revoked.keys().next().value as string);
  };
  return {
    entries: () => revoked.entries(),
    async revoke(id: string, until: number) {
      revoked.set(id, until);
      sweep();
    },
    async check(id: string): Promise<RevocationState> {
      const until = revoked.get(id);
      if (until === undefined) return 'valid';
      if (until <= now()) {
        revoked.delete(id);
        return 'valid';
      }
      return 'revoked';
    },
  };
}

const FILE = 'revocations.json';

/**
 * What the file holds, parsed like input from a client: `{ "revoked": { "<id>": <until ms> } }`,
 * only well-formed ids with a future expiry, at most MAX_REVOCATIONS of them.
 */
export function parseRevocationFile(raw: unknown, nowMs: number): Map<string, number> {
  const out = new Map<string, number>();
  if (typeof raw !== 'object' || raw === null) return out;
  const revoked = (raw as { revoked?: unknown }).revoked;
  if (typeof revoked !== 'object' || revoked === null || Array.isArray(revoked)) return out;
  for (const [id, until] of Object.entries(revoked)) {
    if (out.size >= MAX_REVOCATIONS) break;
    if (SESSION_ID.test(id) && typeof until === 'number' && Number.isFinite(until) && until > nowMs)
      out.set(id, until);
  }
  return out;
}

/** One process on one machine: the data directory's file, read once, rewritten whole on sign-out. */
export function fileRevocations(now: () => number = Date.now): RevocationStore {
  const memory = memoryRevocations(now);
  let loaded: Promise<void> | null = null;
  let writes: Promise<void> = Promise.resolve();
  const load = () =>
    (loaded ??= readDataFile(FILE).then(async (raw) => {
      for (const [id, until] of parseRevocationFile(raw, now())) await memory.revoke(id, until);
    }));
  return {
    async revoke(id, until) {
      await load();
      await memory.revoke(id, until);
      const snapshot = { version: 1, revoked: Object.fromEntries(memory.entries()) };
      writes = writes
        .then(() => writeDataFile(FILE, snapshot))
        .catch((error: unknown) =>
          log().warn(
            { err: error instanceof Error ? error.name : 'unknown' },
            'sign-out could not be saved to the data directory (DATA_DIR): it lasts until a restart',
          ),
        );
      await writes;
    },
    async check(id) {
      await load();
      return memory.check(id);
    },
  };
}

const STORE = 'pulse.revocations';

export function revocations(): RevocationStore {
  return processGlobal(STORE, fileRevocations);
}

export function setRevocationStore(store: RevocationStore | undefined): void {
  setProcessGlobal(STORE, store);
}
