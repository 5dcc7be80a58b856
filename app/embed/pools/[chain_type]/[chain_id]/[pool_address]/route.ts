/**
 * The embeddable pool chart (docs/embedding.md): server-written HTML and one small
 * module script, without Next's client runtime or React (a page.tsx would ship both). The header,
 * the controls and the first window of candles are in the HTML (lib/embed/html.ts); the script
 * (lib/embed/widget.ts, bundled by scripts/build-widget.mjs) draws the chart and goes live.
 *
 * proxy.ts runs first: it sets the Content-Security-Policy with a fresh nonce (and the framing rules
 * of /embed/*) and hands the nonce over in the request's `x-nonce` header; every script tag here
 * carries it.
 */
import type { NextRequest } from 'next/server';
import { parsePoolRef } from '@/lib/contracts/pool-ref-check';
import { poolKey } from '@/lib/contracts/pool-ref';
import { parseWidget } from '@/lib/features/pools/params';
import { firstCandles, liveQuote, lookupPool } from '@/lib/features/pools/server';
import { summarize } from '@/lib/features/pools/summary';
import { widgetAssets } from '@/lib/embed/assets';
import type { WidgetBoot } from '@/lib/embed/boot';
import { packCandles } from '@/lib/chart/rules/candles';
import { renderNotFound, renderWidget, widgetTitle } from '@/lib/embed/html';

type Params = { chain_type: string; chain_id: string; pool_address: string };

function html(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // Each answer carries its own nonce: never reused from a cache.
      'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    },
  });
}

export async function GET(request: NextRequest, { params }: { params: Promise<Params> }) {
  const nonce = request.headers.get('x-nonce');
  const { chain_type, chain_id, pool_address } = await params;
  const options = parseWidget(request.nextUrl.searchParams);
  const assets = widgetAssets();
  const page = { nonce, bg: options.bg, font: assets?.font ?? null };
  const parsed = parsePoolRef(chain_type, chain_id, pool_address);
  if (!parsed.ok)
    return html(renderNotFound(`This embed code names no valid pool: ${parsed.reason}`, page), 404);
  const ref = parsed.ref;
  const to = Math.floor(Date.now() / 1000);
  // The pool's figures and the first candles at once: the page waits for the slower of the two.
  // And the quote token's live USD quote: the header's dollar price is computed at it.
  const pool = lookupPool(ref);
  const [lookup, candles, quote] = await Promise.all([
    pool,
    firstCandles(ref, options.interval, to),
    pool.then((l) => (l.kind === 'found' ? liveQuote(ref, l.pool) : null)),
  ]);
  if (lookup.kind === 'missing') {
    return html(
      renderNotFound(
        `No pool ${ref.address} on ${ref.chainType} chain ${ref.chainId}: check the chain and the address in the embed code.`,
        page,
      ),
      404,
    );
  }
  if (!assets)
    return html(
      renderNotFound(
        'The widget is not built on this server: run `npm run build` (or `node scripts/build-widget.mjs`).',
        { ...page, heading: 'The chart is unavailable' },
      ),
      503,
    );
  // When the price service is down the chart still loads (candles come from the kline service);
  // the header then shows the address instead of the pair.
  const summary = lookup.kind === 'found' ? summarize(lookup.pool) : null;
  const boot: WidgetBoot = {
    pool: ref,
    key: poolKey(ref),
    options,
    summary,
    quote,
    title: widgetTitle(summary, ref.address),
    initialTo: to,
    candles: candles ? packCandles(candles) : null,
  };
  return html(renderWidget(boot, assets, nonce));
}
