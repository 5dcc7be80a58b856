/**
 * Runs once when a server instance starts: a bad environment stops it here, with a message that
 * names the variable, instead of failing on the first request; and every request is stamped with
 * its TCP peer's address (lib/server/security/peer.ts), which the per-client limits key on; and the
 * built-in simulator's webhook deliveries to this app reach its receiver in process; an API path
 * that does not decode, and a method never served there, are answered before Next.js routes them
 * (lib/server/http/request-guard.ts);
 * a connection closed under an unread body lingers (lib/server/http/linger.ts); gateway reads are
 * answered before Next.js routes them, by the same handler (lib/server/http/fast-entry.ts). With
 * OTEL_EXPORTER_OTLP_ENDPOINT set, traces (a span per upstream call, lib/upstream/exchange.ts) are
 * exported through @vercel/otel.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Traces over OTLP/HTTP only where a collector is configured (on Vercel, its own integration).
    if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.VERCEL) {
      const { registerOTel } = await import('@vercel/otel');
      registerOTel({ serviceName: process.env.OTEL_SERVICE_NAME || 'pulse' });
    }
    const { checkEnvironmentAtStartup } = await import('./lib/server/startup');
    checkEnvironmentAtStartup();
    // Before the peer stamp, so that it runs after it: the fast entry's requests carry the stamp.
    const { fastEntryWanted, installFastEntry } = await import('./lib/server/http/fast-entry');
    if (fastEntryWanted()) await installFastEntry();
    const { installPeerStamp } = await import('./lib/server/security/peer');
    await installPeerStamp();
    const { installRequestGuard } = await import('./lib/server/http/request-guard');
    await installRequestGuard();
    // After the guard, so that it wraps it: the guard's answers linger too.
    const { installLingeringClose } = await import('./lib/server/http/linger');
    await installLingeringClose();
    const { installOwnReceiver } = await import('./lib/server/webhooks/own-receiver');
    installOwnReceiver();
    const { installCluster } = await import('./lib/server/cluster/install');
    installCluster();
    // Server-side alerts over Web Push: the watcher starts with the server (lib/server/push).
    const { installPush } = await import('./lib/server/push/install');
    installPush();
    const { installShutdown } = await import('./lib/server/shutdown');
    installShutdown();
  }
}
