/**
 * `npm run sim`: the three upstream services on http://$SIM_HOST:$SIM_PORT (default 127.0.0.1:4100).
 */
import { loadEnvConfig } from '@next/env';
import { createSimulator, simConfigFromEnv, simListenFromEnv } from '../lib/sim';
import { listen } from '../lib/sim/node-server';

async function main() {
  // The same env files as the app (.env, .env.local, .env.production, ...), under the real environment.
  loadEnvConfig(process.cwd(), process.env.NODE_ENV !== 'production', {
    info: () => undefined,
    error: console.error,
  });
  let config;
  let where;
  try {
    config = simConfigFromEnv();
    where = simListenFromEnv();
  } catch (error) {
    // The variable and the rule, never the value.
    console.error(`[sim] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const sim = createSimulator(config);
  const running = await listen(sim, where.port, where.host, { control: where.control });
  console.log(`[sim] price, tx and kline services on ${running.url} (key from SIM_API_KEY)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[sim] ${signal}: stopping`);
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // `npm run sim` does not pass SIGTERM on to its child: when npm goes, so do we (state flushed).
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop('parent exited');
  }, 1000).unref();
}

main().catch((error: unknown) => {
  console.error('[sim] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
