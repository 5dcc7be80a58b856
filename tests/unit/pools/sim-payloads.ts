/** Payloads straight from the simulator (its transport-free core), for parsers that must read them. */
import { createSimulator, type Simulator } from '@/lib/sim';

let sim: Simulator | null = null;

function simulator(): Simulator {
  sim ??= createSimulator({
    apiKey: 'unit-key',
    stateDir: null,
    logLevel: 'silent',
    txIntervalMs: 60_000,
  });
  return sim;
}

export async function simGet<T>(path: string): Promise<T> {
  const response = await simulator().handle(
    new Request(`http://sim.test${path}`, { headers: { 'x-api-key': 'unit-key' } }),
  );
  const body = (await response.json()) as { code: number; data: T };
  if (body.code !== 0) throw new Error(`${path}: code ${body.code}`);
  return body.data;
}
