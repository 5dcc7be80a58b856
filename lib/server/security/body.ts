/**
 * Request bodies read as a stream with a cap: a chunked body has no Content-Length, so the bytes are
 * counted as they arrive and reading stops (the stream is cancelled) at the first byte over the cap.
 * Nothing past the cap is ever buffered.
 */
export type CappedBody =
  { ok: true; text: string } | { ok: false; reason: 'too-large' | 'aborted' };

export async function readCappedText(request: Request, maxBytes: number): Promise<CappedBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'too-large' };
  }
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too-large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'aborted' };
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
