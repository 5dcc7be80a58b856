/**
 * The data directory (DATA_DIR, default `.data`): small JSON files that must outlive a restart on a
 * single machine. A file is replaced whole (written beside, then renamed), so a crash mid-write leaves
 * the previous version, never half of one. What is read back is untrusted: callers parse it.
 */
import 'server-only';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getEnv } from '../config/env';

function dataDir(): string {
  const configured = getEnv().DATA_DIR;
  if (configured) return configured;
  // A serverless function may write only under /tmp (kept for the instance's life, no longer).
  return process.env.VERCEL ? '/tmp/pulse-data' : '.data';
}

/** The file's parsed JSON, or undefined when it is missing or not JSON. */
export async function readDataFile(name: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(join(dataDir(), name), 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

let sequence = 0;

export async function writeDataFile(name: string, value: unknown): Promise<void> {
  const dir = dataDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, name);
  const temporary = `${target}.${process.pid}.${++sequence}.tmp`;
  await writeFile(temporary, JSON.stringify(value), { mode: 0o600 });
  await rename(temporary, target);
}
