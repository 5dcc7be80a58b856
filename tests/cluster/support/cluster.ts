/**
 * A cluster on this machine: a real `redis-server`, the simulator behind a recorder that counts
 * every request, WebSocket and frame (tests/support/upstream.ts), and N `next start` instances of
 * this build sharing both, as a load balancer would spread them.
 */
import { App } from '../../attack/support/servers';
import { RedisServer } from '../../support/redis';
import { startRecordingSim, type RecordingUpstream } from '../../support/upstream';
import { sleep } from './wait';

export const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
export const OHLCV_1S = `ohlcv:evm:1:${POOL}:1s`;
export const OHLCV_1M = `ohlcv:evm:1:${POOL}:1m`;

export const ADMIN_PASSWORD = 'cluster suite correct horse battery';

export interface Health {
  cluster?: { instance: string; redis: string; lease: string; streams: string };
}

export class Cluster {
  readonly redis = new RedisServer();
  upstream!: RecordingUpstream;
  apps: App[] = [];

  async start(instances = 3, env: Record<string, string> = {}): Promise<void> {
    await this.redis.start();
    this.upstream = await startRecordingSim('cluster-upstream-key-0123456789', {
      txIntervalMs: 400,
    });
    this.apps = Array.from(
      { length: instances },
      (_, i) =>
        new App({
          REDIS_URL: this.redis.url,
          INSTANCE_NAME: `node-${i + 1}`,
          UPSTREAM_BASE_URL: this.upstream.url,
          UPSTREAM_API_KEY: this.upstream.key,
          UPSTREAM_TIMEOUT_MS: '5000',
          LOG_LEVEL: 'warn',
          // One test client opens hundreds of streams and polls hard; the limits have tests of their own.
          RATE_GATEWAY_PER_MIN: '1000000',
          STREAM_OPENS_PER_MIN: '1000000',
          STREAM_MAX_PER_CLIENT: '10000',
          STREAM_MAX_TOPICS_PER_CLIENT: '10000',
          DASHBOARD_PASSWORD: ADMIN_PASSWORD,
          WEBHOOK_SECRET: 'cluster-webhook-secret-0123456789',
          WEBHOOK_BAD_SIGN_PER_MIN: '4',
          ...env,
        }),
    );
    // One at a time: three builds starting at once on two cores take longer than in turn.
    for (const app of this.apps) await app.start();
    // An app counts as started once it answers its health check, 503 included (as a load balancer
    // sees it); the tests start once every instance's Redis connection is up, as in a warm cluster.
    const deadline = Date.now() + 30_000;
    for (const app of this.apps) {
      while ((await this.health(app))?.cluster?.redis !== 'up') {
        if (Date.now() > deadline) throw new Error(`${app.url}: Redis not up 30 s after start`);
        await sleep(100);
      }
    }
  }

  async health(app: App): Promise<Health | null> {
    try {
      const r = await fetch(`${app.url}/api/health`);
      return (await r.json()) as Health;
    } catch {
      return null;
    }
  }

  /** The instance holding the upstream lease (waits for one). */
  async holder(timeoutMs = 15_000, among = this.apps): Promise<App> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const app of among) {
        if ((await this.health(app))?.cluster?.lease === 'held') return app;
      }
      await sleep(200);
    }
    throw new Error('no instance took the upstream lease');
  }

  /** Open upstream WebSockets on a service path. */
  openSockets(part: '/kline/' | '/tx/'): number {
    return this.upstream.sockets.filter((s) => s.path.includes(part) && s.closedAt === null).length;
  }

  async stop(): Promise<void> {
    await Promise.all(this.apps.map((a) => a.stop()));
    await this.upstream?.close();
    await this.redis.stop();
  }
}
