#!/usr/bin/env node
/**
 * Finds a `redis-server` for the cluster tests and benchmark (Debian's package; nothing that
 * downloads a server of its own). Where it is missing it installs it with apt-get as root, or stops
 * with the one command to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const found = () => spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
if (found()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('[cluster] installing Debian redis-server (apt-get install -y redis-server)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit', env });
  if (found()) process.exit(0);
}
console.error(
  '[cluster] redis-server is missing: install it (Debian: sudo apt-get install -y redis-server).',
);
process.exit(1);
