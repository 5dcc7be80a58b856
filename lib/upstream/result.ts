/**
 * Page loaders want an answer, not an exception: a typed client's call as a result. `missing` is the
 * seeds' "no such thing" code for the call when given (price 20002 `chain not found`).
 */
import 'server-only';
import { UpstreamError } from './base-client';

export type Loaded<T> =
  | { ok: true; value: T }
  | { ok: false; status: number | null; code: number | null; message: string };

export async function load<T>(call: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return { ok: false, status: error.status, code: error.code, message: error.reason };
  }
}
