/**
 * The VAPID key pair (RFC 8292) that signs every push: a push service checks that every message to
 * a subscription is signed by the key the browser subscribed with, so the key must never change
 * under existing subscriptions and every instance must sign with the same one.
 *
 * From VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise generated once and kept: in Redis
 * with REDIS_URL (the first instance to write it wins, the others read it), else in the data
 * directory. The private key is registered with the log's redaction and never leaves the server.
 */
import 'server-only';
import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { getEnv } from '../../config/env';
import { log, registerSecret } from '../../observe/log';
import { isRecord } from '../../core/values';
import type { ClusterRedis } from '../cluster/redis';
import { readDataFile, writeDataFile } from '../data-dir';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const VAPID_FILE = 'push-vapid.json';
const VAPID_REDIS_KEY = 'pulse:push:vapid';
/** Push services want a way to reach the sender; set VAPID_SUBJECT to yours (docs/push.md). */
const DEFAULT_SUBJECT = 'mailto:admin@pulse.invalid';

/** A stored pair, or null unless both keys are well formed and belong together. */
export function readKeyPair(raw: unknown): { publicKey: string; privateKey: string } | null {
  if (!isRecord(raw)) return null;
  const { publicKey, privateKey } = raw;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return null;
  if (!/^[A-Za-z0-9_-]{80,100}$/.test(publicKey) || !/^[A-Za-z0-9_-]{40,50}$/.test(privateKey))
    return null;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey
      ? { publicKey, privateKey }
      : null;
  } catch {
    return null;
  }
}

async function fromRedis(redis: ClusterRedis): Promise<{ publicKey: string; privateKey: string }> {
  // Loaded as the server starts (install.ts), before the connection is up: commands fail at once
  // until then, so the first load waits for it.
  await redis.ready();
  const stored = readKeyPair(parse(await redis.client.get(VAPID_REDIS_KEY)));
  if (stored) return stored;
  const fresh = webpush.generateVAPIDKeys();
  // NX: two instances starting together both generate; one pair is kept and both read it back.
  await redis.client.set(VAPID_REDIS_KEY, JSON.stringify(fresh), 'NX');
  const kept = readKeyPair(parse(await redis.client.get(VAPID_REDIS_KEY)));
  if (!kept) throw new Error('the VAPID keys in Redis are unreadable');
  return kept;
}

async function fromDisk(): Promise<{ publicKey: string; privateKey: string }> {
  const stored = readKeyPair(await readDataFile(VAPID_FILE));
  if (stored) return stored;
  const fresh = webpush.generateVAPIDKeys();
  await writeDataFile(VAPID_FILE, fresh);
  log().info(
    { file: VAPID_FILE },
    'push: generated a VAPID key pair and kept it in the data directory',
  );
  return fresh;
}

function parse(text: string | null): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

const KEY = Symbol.for('pulse.push-vapid');
type Holder = { [KEY]?: Promise<VapidKeys> };

/** The process's key pair, loaded (or made) once. */
export function vapidKeys(redis: ClusterRedis | null): Promise<VapidKeys> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const env = getEnv();
    const subject = env.VAPID_SUBJECT ?? DEFAULT_SUBJECT;
    const pair =
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? readKeyPair({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY })
        : redis
          ? await fromRedis(redis)
          : await fromDisk();
    if (!pair) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one key pair');
    registerSecret(pair.privateKey);
    return { ...pair, subject };
  })().catch((error: unknown) => {
    // Not cached: the next call tries again (Redis back, disk writable).
    holder[KEY] = undefined;
    throw error;
  });
  return holder[KEY];
}

/** Forgets the loaded pair (tests). */
export function resetVapidKeys(): void {
  (globalThis as Holder)[KEY] = undefined;
}
