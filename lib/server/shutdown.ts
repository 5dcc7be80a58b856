/**
 * Graceful shutdown: on SIGTERM (a rolling deploy, `docker stop`) or SIGINT the instance refuses new
 * streams, ends the open ones with a reconnect hint (their tabs resume elsewhere by `Last-Event-ID`),
 * closes its upstream sockets and lets the server exit; whatever still holds it is cut after 10 s.
 */
import 'server-only';
import { log } from '../observe/log';
import { endAllStreams } from './stream/sse';
import { clusterRedis } from './cluster/redis';
import { getClusterHub, getStreamHub } from './stream/server';

const KEY = Symbol.for('pulse.draining');
type Holder = { [KEY]?: boolean };

export function draining(): boolean {
  return (globalThis as Holder)[KEY] === true;
}

const SHUTDOWN_GRACE_MS = 10_000;

export function installShutdown(): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining()) return;
    (globalThis as Holder)[KEY] = true;
    const streams = endAllStreams();
    log().info({ signal, streams_ended: streams }, 'shutting down');
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
    // The lease is given up at once, so another instance takes the upstream sockets over now.
    void (getClusterHub()?.stop() ?? Promise.resolve()).finally(() => {
      getStreamHub().stop();
      void clusterRedis()?.quit();
    });
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  // Next.js's own handler ends a signalled server with 128 + the signal (143 for SIGTERM), which an
  // orchestrator reads as a kill. A shutdown that drained is a clean exit: 0. Any other code (a crash
  // while draining) is kept.
  process.on('exit', (code) => {
    if (draining() && (code === 143 || code === 130)) process.exitCode = 0;
  });
}
