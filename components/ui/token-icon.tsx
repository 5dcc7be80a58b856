'use client';
import { useEffect, useRef, useState } from 'react';

/**
 * A token or chain logo. Upstream image hosts are arbitrary and may be unreachable, so a failed or
 * missing image falls back to the symbol's initials on a colour derived from it: never a broken icon.
 */
export function TokenIcon({ src, symbol, size = 20, className = '' }: { src?: string | null; symbol: string; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A server-rendered image can fail before hydration, when React's onError is not attached yet.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);
  const initials = symbol.replace(/[^A-Za-z0-9]/g, '').slice(0, symbol.length > 4 ? 2 : 3).toUpperCase() || '?';
  let hash = 0;
  for (const ch of symbol) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const style = { width: size, height: size };
  if (!src || failed) {
    return (
      <span
        aria-hidden
        style={{ ...style, background: `hsl(${hue} 45% 27%)`, fontSize: Math.max(8, size * 0.36) }}
        className={`inline-grid shrink-0 place-items-center rounded-full font-semibold text-white ${className}`}
      >
        {initials}
      </span>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- logos come from arbitrary upstream hosts
    <img
      ref={ref}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      style={style}
      className={`shrink-0 rounded-full bg-raised object-cover ${className}`}
    />
  );
}
