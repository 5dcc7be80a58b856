/**
 * Runs once when a server instance starts: a bad environment stops it here, with a message that
 * names the variable, instead of failing on the first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkEnvironmentAtStartup } = await import('./lib/startup');
    checkEnvironmentAtStartup();
  }
}
