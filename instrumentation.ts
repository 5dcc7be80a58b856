/**
 * Runs once when a server instance starts: a bad environment stops it here, with a message that
 * names the variable, instead of failing on the first request; and every request is stamped with
 * its TCP peer's address (lib/server/security/peer.ts), which the per-client limits key on; and the
 * built-in simulator's webhook deliveries to this app reach its receiver in process. With
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
    const { installPeerStamp } = await import('./lib/server/security/peer');
    await installPeerStamp();
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
