/**
 * Links that come from upstream data (explorer_url, token websites): only http(s) URLs are linked;
 * `javascript:`, `data:` and anything unparseable are not. Shared by server and browser.
 */
export function safeHttpUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
