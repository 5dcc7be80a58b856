/**
 * Sessions ended by sign-out before their expiry. The cookie is stateless (signed), so a copy of it
 * stays valid until it expires unless the server remembers that its id was revoked. In memory per
 * process for now, entries dropped at the session's own expiry; a later change puts it in Redis
 * behind the same interface (`setRevocationStore`).
 */
export interface RevocationStore {
  revoke(sessionId: string, expiresAtMs: number): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
}

const MAX_ENTRIES = 100_000;

export function memoryRevocations(now: () => number = Date.now): RevocationStore {
  const revoked = new Map<string, number>();
  const sweep = () => {
    const t = now();
    for (const [id, until] of revoked) if (until <= t) revoked.delete(id);
    // Bounded: past this, the oldest revocations go first (their sessions expire soonest).
    while (revoked.size > MAX_ENTRIES) revoked.delete(revoked.keys().next().value as string);
  };
  return {
    async revoke(id, until) {
      revoked.set(id, until);
      sweep();
    },
    async isRevoked(id) {
      const until = revoked.get(id);
      if (until === undefined) return false;
      if (until <= now()) {
        revoked.delete(id);
        return false;
      }
      return true;
    },
  };
}

const KEY = Symbol.for('pulse.revocations');
type Holder = { [KEY]?: RevocationStore };

export function revocations(): RevocationStore {
  const holder = globalThis as Holder;
  holder[KEY] ??= memoryRevocations();
  return holder[KEY];
}

export function setRevocationStore(store: RevocationStore | undefined): void {
  (globalThis as Holder)[KEY] = store;
}
