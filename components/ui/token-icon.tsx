'use client';
import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useFirstPaint } from '@/lib/client/hooks/use-first-paint';
import { iconHue, iconInitials, logoSrc } from '@/lib/core/logo';
import type { ChainItem } from '@/lib/contracts/price/schema';

/**
 * A token or chain logo, loaded through the server's logo proxy (sized, cached, and the viewer's
 * address never reaches the image host). Upstream image hosts may be slow or unreachable, so the
 * symbol's initials on a colour derived from it show while the image loads and stay when it fails or
 * is missing: never a broken or blank icon. The initials stay in the markup under a loaded image
 * (which covers them). The image is asked for only once the page's first frame is on the screen
 * (lib/client/hooks/use-first-paint.ts): a page of logos never delays the page's own first paint,
 * and the server's and the browser's first render agree (initials only).
 */
export function TokenIcon({
  src,
  symbol,
  size = 20,
  className = '',
}: {
  src?: string | null;
  symbol: string;
  size?: number;
  className?: string;
}) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const painted = useFirstPaint();
  const image = painted ? logoSrc(src, size) : null;
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image already in the cache can settle before React's handlers are attached.
    const img = ref.current;
    if (!img || !img.complete) {
      setState('loading');
      return;
    }
    setState(img.naturalWidth <= 1 ? 'failed' : 'loaded');
  }, [image]);
  const initials = iconInitials(symbol);
  const hue = iconHue(symbol);
  return (
    <span
      aria-hidden
      style={{
        width: size,
        height: size,
        background: `hsl(${hue} 45% 27%)`,
        fontSize: Math.max(8, size * 0.36),
      }}
      className={clsx(
        'relative inline-grid shrink-0 place-items-center overflow-hidden rounded-full font-semibold text-white',
        className,
      )}
    >
      {initials}
      {image && state !== 'failed' && (
        // eslint-disable-next-line @next/next/no-img-element -- already sized and cached by /api/logo
        <img
          ref={ref}
          src={image}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          // The logo proxy answers "no logo" with a 1-pixel image (no console error).
          onLoad={(e) => setState(e.currentTarget.naturalWidth <= 1 ? 'failed' : 'loaded')}
          onError={() => setState('failed')}
          className={clsx(
            'absolute inset-0 h-full w-full object-cover transition-opacity duration-150',
            state === 'loaded' ? 'bg-raised opacity-100' : 'opacity-0',
          )}
        />
      )}
    </span>
  );
}

interface PairToken {
  image?: string | null;
  symbol: string;
}

/** A pool's two token logos side by side, the quote's overlapping the base's (ringed to part them). */
export function PairIcons({
  base,
  quote,
  size,
  overlap = '-space-x-1.5',
}: {
  base: PairToken;
  quote: PairToken;
  size: number;
  overlap?: string;
}) {
  return (
    <span className={clsx('flex shrink-0', overlap)}>
      <TokenIcon src={base.image} symbol={base.symbol} size={size} />
      <TokenIcon
        src={quote.image}
        symbol={quote.symbol}
        size={size}
        className="ring-2 ring-[var(--panel)]"
      />
    </span>
  );
}

/**
 * A token's chain: the chain list's icon and short name; while the list loads, or for a chain not in
 * it, the initials of the chain name the token carries.
 */
export function ChainIcon({
  chain,
  name,
  size,
}: {
  chain: Pick<ChainItem, 'chain_icon_url' | 'short_name'> | undefined;
  name: string;
  size: number;
}) {
  return <TokenIcon src={chain?.chain_icon_url} symbol={chain?.short_name ?? name} size={size} />;
}
