/** Waiting in the cluster tests: a pause, and a poll until a condition holds. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `condition` every `everyMs` until it holds; throws naming `label` after `timeoutMs`. */
export async function until(
  condition: () => boolean,
  label: string,
  timeoutMs = 20_000,
  everyMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await sleep(everyMs);
  }
}
