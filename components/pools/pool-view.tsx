'use client';
/**
 * The pool page: header with the live price, the chart, recent trades, activity per window, and the
 * token's metadata and holders. Every choice (interval, style, time zone, volume, window, token) is
 * in the query string, so a link shows what the sender saw.
 */
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import type { PackedCandle } from '@/lib/chart/rules/candles';
import type { FeedSnapshot } from '@/lib/chart/rules/feed';
import type { LatestClose } from '@/lib/features/pools/live';
import type { LiveQuote } from '@/lib/features/pools/pricing';
import type { QuoteUsdFrom } from '@/lib/features/pools/use-quote-usd';
import { usePrefs } from '@/lib/client/stores/prefs';
import { explorerFor } from '@/lib/features/chains/explorer';
import { parsePoolView, poolViewQuery, type PoolViewParams } from '@/lib/features/pools/params';
import { poolPath, type PoolRef } from '@/lib/contracts/pool-ref';
import { poolQuery } from '@/lib/features/pools/queries';
import { OVERLAY } from '@/lib/chart/rules/studies';
import { rememberedView, useChartMemory } from '@/lib/chart/rules/memory';
import { usePoolTopics } from '@/lib/client/hooks/use-stream';
import { useUrlView } from '@/lib/client/hooks/use-url-params';
import type { PoolObject } from '@/lib/contracts/price/schema';
import { CandleChart } from '@/components/chart/candle-chart';
import { HydrateApart } from '@/components/ui/hydrate-apart';
import { ChartToolbar } from '@/components/chart/chart-toolbar';
import { LazyPriceLines } from '@/components/chart/lazy-price-lines';
import type { ChartController } from '@/lib/chart/draw/controller';
import type { PoolTarget } from '@/lib/features/alerts/model';
import { createStore } from '@/components/chart/snapshot-store';
import { Button } from '@/components/ui/button';
import { Deferred, PanelPlaceholder } from '@/components/ui/deferred';
import { LoadError } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { PoolHeader } from './pool-header';
import { WatchPoolButton } from './watch-pool-button';
import { useMyTrades } from './use-my-trades';
import { CodeIcon } from '@/components/ui/icons';

// Below the chart: rendered after it (components/ui/deferred.tsx), their code loaded then. One
// placeholder per panel, of its usual height, stands in until both, so nothing moves.
const TRADES_PLACEHOLDER = <PanelPlaceholder title="Recent trades" height={560} />;
const STATS_PLACEHOLDER = <PanelPlaceholder title="Activity" height={150} />;
const TOKEN_PLACEHOLDER = <PanelPlaceholder title="Token" height={600} />;
const PoolTrades = dynamic(() => import('./pool-trades').then((m) => m.PoolTrades), {
  ssr: false,
  loading: () => TRADES_PLACEHOLDER,
});
const PoolStats = dynamic(() => import('./pool-stats').then((m) => m.PoolStats), {
  ssr: false,
  loading: () => STATS_PLACEHOLDER,
});
const TokenPanel = dynamic(() => import('./token-panel').then((m) => m.TokenPanel), {
  ssr: false,
  loading: () => TOKEN_PLACEHOLDER,
});

// Only a user who opens it pays for the embed dialog (its form, preview and snippet code).
const EmbedDialog = dynamic(() => import('./embed-dialog').then((m) => m.EmbedDialog), {
  ssr: false,
});

export interface ChainInfo {
  name: string;
  explorerUrl: string | null;
}

export function PoolView({
  pool,
  initialPool,
  initialError,
  chain,
  initialView,
  initialTo,
  initialCandles,
  initialLive,
  initialQuote,
  suggestions,
}: {
  pool: PoolRef;
  initialPool: PoolObject | null;
  initialError: string | null;
  chain: ChainInfo | null;
  initialView: PoolViewParams;
  /** end of the first history window, preloaded by the server */
  initialTo?: number;
  /** the chart's first window, rendered into the page by the server */
  initialCandles?: PackedCandle[] | null;
  /** the latest candle the server read: the live price from the first paint */
  initialLive?: LatestClose | null;
  /** the quote token's live USD quote the server read, for the same first paint */
  initialQuote?: LiveQuote | null;
  /** pools offered for comparison (the featured ones) */
  suggestions?: readonly PoolRef[];
}) {
  // A deliberate change (interval, chart options, window, side) is a new history entry, so Back
  // undoes it; Back and Forward bring the view of their entry.
  const [view, setView] = useUrlView(
    initialView,
    (v) => `${poolPath(pool)}${poolViewQuery(v)}`,
    (search) => parsePoolView(Object.fromEntries(search), pool),
  );
  const [embedOpen, setEmbedOpen] = useState(false);
  // Mounted at the first opening and kept, so closing it hands the focus back as a dialog should.
  const [embedUsed, setEmbedUsed] = useState(false);
  const [live] = useState(() => createStore<FeedSnapshot | null>(null));
  // The chart's controller, held apart from the page's state: its arrival renders the two readers
  // (the price lines' buttons, and your trades' history paging), not the page.
  const [controller] = useState(() => createStore<ChartController | null>(null));
  const theme = usePrefs((s) => s.theme);
  // The stored preference: the server render and hydration see the default ('local'); React
  // re-renders after hydration only when the stored one differs (zustand's server snapshot).
  const preferredTz = usePrefs((s) => s.tz);
  const tz = view.tz ?? preferredTz;

  const query = useQuery({ ...poolQuery(pool), initialData: initialPool ?? undefined });
  const data = query.data ?? null;
  // The quote token's USD price every dollar figure of the page is computed at: read by the header
  // and the trades (useQuoteUsd), not here, so its 3-second poll renders them, not the page.
  const quoteAddress = data?.quote_token.address;
  const quoteSnapshot = data?.quote_token_price_usd;
  const quoteFrom = useMemo<QuoteUsdFrom>(
    () => ({
      ref: pool,
      token:
        quoteAddress !== undefined && quoteSnapshot !== undefined
          ? { address: quoteAddress, snapshotUsd: quoteSnapshot }
          : null,
      initial: initialQuote,
    }),
    [pool, quoteAddress, quoteSnapshot, initialQuote],
  );
  const explorer = useMemo(
    () => explorerFor(chain?.explorerUrl, pool.chainType),
    [chain?.explorerUrl, pool.chainType],
  );
  const chainName = chain?.name ?? `${pool.chainType.toUpperCase()} ${pool.chainId}`;
  const title = data ? `${data.base_token.symbol}/${data.quote_token.symbol}` : undefined;
  // Your trades (the Wallets list's addresses) as markers on the chart; the pool's tokens only, so
  // a refresh of its prices re-places nothing.
  const tokens = data
    ? [
        data.address,
        data.base_token.address,
        data.base_token.symbol,
        data.quote_token.address,
        data.quote_token.symbol,
      ].join('\n')
    : '';
  const tradePool = useMemo(() => {
    if (!tokens) return null;
    const [address = '', baseAddress = '', base = '', quoteAddress = '', quote = ''] =
      tokens.split('\n');
    return {
      address,
      base: { address: baseAddress, symbol: base },
      quote: { address: quoteAddress, symbol: quote },
    };
  }, [tokens]);
  const myTrades = useMyTrades(pool, tradePool, controller);
  const tradeSymbols = useMemo(
    () => ({ base: tradePool?.base.symbol ?? '', quote: tradePool?.quote.symbol ?? '' }),
    [tradePool],
  );
  const quoteSymbol = data?.quote_token.symbol;
  const lineTarget = useMemo<PoolTarget>(
    () => ({
      kind: 'pool',
      ...pool,
      ...(title ? { label: title } : {}),
      ...(quoteSymbol ? { quote: quoteSymbol } : {}),
    }),
    [pool, title, quoteSymbol],
  );

  // The trades topic and the chart's candles are followed from the start, so the tab's one stream
  // opens once with both (the chart and the trades panel arrive later; opening again then would
  // count twice against the per-client limit). The panel fetches the list when it mounts, and the
  // chart its history, so nothing is missed.
  usePoolTopics(pool, view.interval);

  // Indicators and scale as the trader last set them, where the link does not name its own; read
  // after hydration (the server cannot see this browser's memory), before the chart is created.
  useLayoutEffect(() => {
    const remembered = rememberedView(window.location.search, useChartMemory.getState());
    if (remembered.studies || remembered.scale) setView((v) => ({ ...v, ...remembered }));
  }, [setView]);

  const update = (patch: Partial<PoolViewParams>) => {
    if (patch.studies || patch.scale)
      useChartMemory.getState().remember({ studies: patch.studies, scale: patch.scale });
    setView((v) => ({ ...v, ...patch }), 'push');
  };
  // A new interval starts a feed with no bar yet: the header keeps the last price it had meanwhile.
  const keepLastBar = (s: FeedSnapshot) => {
    const last = s.last ?? live.get()?.last ?? null;
    live.set(last === s.last ? s : { ...s, last });
  };

  const openEmbed = () => {
    setEmbedUsed(true);
    setEmbedOpen(true);
  };
  const poolActions = (
    <>
      <WatchPoolButton pool={pool} pair={title} />
      <Button onClick={openEmbed} disabled={!data} title="Put this chart on another site">
        <CodeIcon />
        Embed
      </Button>
    </>
  );

  return (
    <>
      <PoolHeader
        pool={data}
        chainName={chainName}
        explorer={explorer}
        live={live}
        initialLive={initialLive ?? null}
        quoteFrom={quoteFrom}
        actions={
          // On a phone they are in the chart's More menu (below), so the pair keeps its line.
          <span className="hidden items-center gap-2 sm:flex">{poolActions}</span>
        }
      />
      {!data && (initialError || query.isError) && (
        <Panel className="mb-3">
          <LoadError
            title="The pool's figures could not be loaded."
            onRetry={() => void query.refetch()}
            size="sm"
          >
            {query.error?.message ?? initialError} The chart and trades below load on their own.
          </LoadError>
        </Panel>
      )}
      <div className="grid gap-3 xl:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex min-w-0 flex-col gap-3">
          {/* Each indicator pane (RSI, MACD) adds its height to the chart's, so the price keeps its. */}
          <Panel
            bodyClassName="h-[calc(460px+var(--study-panes)*110px)] sm:h-[calc(520px+var(--study-panes)*120px)]"
            style={
              {
                '--study-panes': view.studies.filter((s) => !OVERLAY[s.kind]).length,
              } as CSSProperties
            }
          >
            {/* Its own boundary: React hydrates the chart (its toolbar, its effects) in a pass of its
                own after the rest of the page, so no single task carries both. The panel keeps its
                height meanwhile; nothing moves. */}
            <HydrateApart>
              <CandleChart
                className="h-full"
                pool={pool}
                interval={view.interval}
                style={view.chart}
                volume={view.volume}
                studies={view.studies}
                tz={tz}
                colorKey={theme}
                title={title}
                onSnapshot={keepLastBar}
                initialTo={initialTo}
                initialCandles={initialCandles}
                scale={view.scale}
                compare={view.compare}
                onCompareChange={(compare) => update({ compare })}
                viewActions
                tradeMarkers={myTrades}
                tradeSymbols={tradeSymbols}
                onController={controller.set}
                toolbar={(viewButtons) => (
                  <ChartToolbar
                    interval={view.interval}
                    onInterval={(interval) => update({ interval })}
                    style={view.chart}
                    onStyle={(chart) => update({ chart })}
                    tz={tz}
                    preferredTz={preferredTz}
                    onTz={(value) => update({ tz: value === preferredTz ? null : value })}
                    volume={view.volume}
                    onVolume={(volume) => update({ volume })}
                    studies={view.studies}
                    onStudies={(studies) => update({ studies })}
                    scale={view.scale}
                    onScale={(scale) => update({ scale })}
                    pool={pool}
                    compare={view.compare}
                    onCompare={(compare) => update({ compare })}
                    suggestions={suggestions}
                    lines={
                      <LazyPriceLines controllerStore={controller} pool={lineTarget} tz={tz} />
                    }
                    phoneOnly={
                      <>
                        {viewButtons}
                        {poolActions}
                      </>
                    }
                  />
                )}
              />
            </HydrateApart>
          </Panel>
          <div className="offscreen-lazy">
            <Deferred placeholder={TRADES_PLACEHOLDER}>
              <PoolTrades
                pool={pool}
                data={data}
                quoteFrom={quoteFrom}
                tz={tz}
                explorer={explorer}
              />
            </Deferred>
          </div>
        </div>
        <aside className="offscreen-lazy flex min-w-0 flex-col gap-3" aria-label="Pool details">
          <Deferred placeholder={STATS_PLACEHOLDER}>
            <PoolStats pool={data} window={view.window} onWindow={(window) => update({ window })} />
          </Deferred>
          <Deferred placeholder={TOKEN_PLACEHOLDER}>
            <TokenPanel
              pool={data}
              side={view.token}
              onSide={(token) => update({ token })}
              explorer={explorer}
            />
          </Deferred>
        </aside>
      </div>
      {data && embedUsed && (
        <EmbedDialog
          open={embedOpen}
          onClose={() => setEmbedOpen(false)}
          pool={pool}
          title={`${data.base_token.symbol}/${data.quote_token.symbol}`}
          initial={{
            interval: view.interval,
            chart: view.chart,
            volume: view.volume,
            theme,
            tz,
            studies: view.studies,
            scale: view.scale,
          }}
        />
      )}
    </>
  );
}
