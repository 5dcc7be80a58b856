/**
 * A push service on a local port, holding a browser's keys: it plays both the browser (a P-256 key
 * pair and a 16-byte auth secret, generated as a browser does for a PushSubscription) and the push
 * service (an HTTP endpoint that takes the pushes). Every push it receives is checked as a push
 * service and a browser would: the VAPID JWT (RFC 8292: ES256 over the `k` key, `aud` the endpoint's
 * origin, `exp` within a day, `sub` a contact) and the aes128gcm payload (RFC 8188 / RFC 8291),
 * decrypted here with node:crypto alone, independently of the sender's library.
 */
import {
  createECDH,
  createHmac,
  createDecipheriv,
  createPublicKey,
  createVerify,
  randomBytes,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  /** the decrypted payload, parsed as JSON when it is */
  payload: unknown;
  text: string;
  jwt: { aud: string; exp: number; sub: string };
  /** the VAPID public key the push was signed with */
  vapidKey: string;
}

export interface PushServiceOptions {
  /** the answer to a push, by its number (1-based); default 201 */
  status?: (n: number) => number;
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 8291 key derivation and RFC 8188 aes128gcm decryption of one push body. */
function decryptPush(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not a P-256 point`);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks a `vapid t=…, k=…` Authorization header; returns the JWT's claims and the key. */
function verifyVapid(
  header: string | undefined,
  audience: string,
): { claims: { aud: string; exp: number; sub: string }; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header ?? '(none)'}`);
  const [, token = '', key = ''] = match;
  const [h = '', p = '', s = ''] = token.split('.');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error('the JWT is not ES256');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = createVerify('SHA256')
    .update(`${h}.${p}`)
    .verify({ key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('the JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud} is not ${audience}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('exp out of range');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('sub is not mailto: or https:');
  return { claims, key };
}

export class TestPushService {
  readonly ua = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);
  readonly received: ReceivedPush[] = [];
  /** pushes that failed a check, with why */
  readonly rejected: string[] = [];
  private server: Server | null = null;
  private count = 0;
  port = 0;

  constructor(private readonly options: PushServiceOptions = {}) {
    this.ua.generateKeys();
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A PushSubscription as a browser's toJSON() gives it. */
  subscription(path = `/push/${randomBytes(8).toString('hex')}`) {
    return {
      endpoint: `${this.origin}${path}`,
      expirationTime: null,
      keys: {
        p256dh: this.ua.getPublicKey().toString('base64url'),
        auth: this.authSecret.toString('base64url'),
      },
    };
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const n = ++this.count;
        const status = this.options.status?.(n) ?? 201;
        try {
          if (req.method !== 'POST') throw new Error(`method ${req.method}`);
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const { claims, key } = verifyVapid(req.headers.authorization, this.origin);
          const plain = decryptPush(Buffer.concat(chunks), this.ua, this.authSecret);
          const text = plain.toString('utf8');
          let payload: unknown = text;
          try {
            payload = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          if (status >= 200 && status < 300)
            this.received.push({
              at: Date.now(),
              path: req.url ?? '',
              headers: req.headers,
              payload,
              text,
              jwt: claims,
              vapidKey: key,
            });
        } catch (error) {
          this.rejected.push(error instanceof Error ? error.message : String(error));
          res.writeHead(400).end();
          return;
        }
        res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {}).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Waits until a received push satisfies `match` (a state, not a fixed sleep). */
  async waitFor(
    match: (push: ReceivedPush) => boolean,
    timeoutMs: number,
    label: string,
  ): Promise<ReceivedPush> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(
          `no push for ${label} in ${timeoutMs} ms (received ${this.received.length}, rejected: ${this.rejected.join('; ') || 'none'})`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
