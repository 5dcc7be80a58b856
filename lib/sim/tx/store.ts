/**
 * One JSON state file: read once at start, written debounced and atomically (temp file + rename, so a
 * crash mid-write leaves the previous state), flushed on stop. A null directory keeps state in memory.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export class JsonFile {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> | null = null;
  private dirty = false;
  private snapshot: (() => unknown) | null = null;

  constructor(
    private readonly dir: string | null,
    private readonly name: string,
    private readonly debounceMs: number,
  ) {}

  get path(): string | null {
    return this.dir === null ? null : join(this.dir, this.name);
  }

  /** The parsed file, or null when there is none; a corrupt file is set aside, not fatal. */
  load(): unknown {
    const path = this.path;
    if (path === null) return null;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return null;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      try {
        mkdirSync(this.dir as string, { recursive: true });
        renameSync(path, `${path}.corrupt-${Date.now()}`);
      } catch {
        // nothing more to save
      }
      console.warn(`[sim] ${path} was not valid JSON; starting from a fresh tx state`);
      return null;
    }
  }

  /** Marks the state changed; `snapshot` is read when the write happens. */
  schedule(snapshot: () => unknown): void {
    if (this.dir === null) return;
    this.snapshot = snapshot;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, this.debounceMs);
    this.timer.unref?.();
  }

  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.writing) await this.writing;
    if (this.dirty) await this.write();
  }

  private async write(): Promise<void> {
    if (this.writing) {
      await this.writing;
      if (!this.dirty) return;
    }
    const path = this.path;
    const snapshot = this.snapshot;
    if (path === null || snapshot === null) return;
    this.dirty = false;
    const text = JSON.stringify(snapshot());
    this.writing = (async () => {
      const tmp = `${path}.${process.pid}.tmp`;
      try {
        await mkdir(this.dir as string, { recursive: true });
        await writeFile(tmp, text);
        await rename(tmp, path);
      } catch (error) {
        this.dirty = true;
        console.warn(
          `[sim] could not write ${path}:`,
          error instanceof Error ? error.message : error,
        );
      }
    })();
    await this.writing;
    this.writing = null;
  }
}
