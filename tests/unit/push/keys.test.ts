import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/config/env';
import { readKeyPair, resetVapidKeys, vapidKeys, VAPID_FILE } from '@/lib/server/push/keys';

const dir = mkdtempSync(join(tmpdir(), 'pulse-vapid-'));
beforeAll(() => {
  process.env.DATA_DIR = dir;
});

describe('VAPID keys', () => {
  it('are generated once, kept in the data directory (owner only), and the same after a restart', async () => {
    const first = await vapidKeys(null);
    expect(readKeyPair(first)).not.toBeNull();
    expect(statSync(join(dir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    resetVapidKeys();
    const again = await vapidKeys(null);
    expect(again.publicKey).toBe(first.publicKey);
    expect(again.privateKey).toBe(first.privateKey);
  });

  it('must be a pair: a private key that does not derive the public one is refused', () => {
    const a = webpush.generateVAPIDKeys();
    const b = webpush.generateVAPIDKeys();
    expect(readKeyPair({ publicKey: a.publicKey, privateKey: b.privateKey })).toBeNull();
    expect(() =>
      parseEnv({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey }),
    ).toThrow(/VAPID_PRIVATE_KEY: does not belong to VAPID_PUBLIC_KEY/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: a.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: is required/,
    );
    expect(() => parseEnv({ VAPID_SUBJECT: 'me' })).toThrow(/VAPID_SUBJECT/);
    expect(() => parseEnv({ PUSH_ALLOW_PRIVATE: 'yes' })).toThrow(/PUSH_ALLOW_PRIVATE/);
    const env = parseEnv({
      ...a,
      VAPID_PUBLIC_KEY: a.publicKey,
      VAPID_PRIVATE_KEY: a.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    expect(env.VAPID_SUBJECT).toBe('mailto:ops@example.com');
  });

  it('never show the private key in an environment error', () => {
    const a = webpush.generateVAPIDKeys();
    try {
      parseEnv({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: 'A'.repeat(43) });
    } catch (error) {
      expect(String(error)).not.toContain('A'.repeat(43));
      return;
    }
    throw new Error('accepted');
  });
});
