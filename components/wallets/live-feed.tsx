'use client';
import { clsx } from 'clsx';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/field';
import { Segmented } from '@/components/ui/segmented';
import { shorten } from '@/lib/core/format/text';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { usePrefs } from '@/lib/client/stores/prefs';
import { useLabels, labelKey } from '@/lib/features/wallets/labels';
import { useWalletBook, type AlertMode } from '@/lib/features/wallets/store';
import { askNotificationPermission } from '@/lib/features/wallets/alerts';
import { TX_CHAINS, sameAddress, familyOf } from '@/lib/features/wallets/chains';
import type { Direction } from '@/lib/features/wallets/direction';
import { matchesFilter, type FeedFilter } from '@/lib/features/wallets/feed';
import { formatClock } from '@/lib/features/wallets/time';
import { useFeedStore } from '@/lib/features/wallets/feed-store';
import { feedToCsv } from '@/lib/features/wallets/csv';
import type { FeedRow } from '@/lib/features/wallets/feed';
import { CsvExport } from '@/components/ui/csv-export';
import { FeedTable } from './feed-table';
import { StreamState } from './stream-state';
import { WatchControl } from './watch-control';
import type { Watch } from './use-live-feed';
import { ChainOptions } from './chain-options';

const DIRECTIONS = [
  { value: 'all', label: 'All' },
  { value: 'in', label: 'In' },
  { value: 'out', label: 'Out' },
  { value: 'self', label: 'Self' },
] as const;

const KINDS = [
  { value: 'all', label: 'All' },
  { value: 'native', label: 'Native' },
  { value: 'token', label: 'Token' },
] as const;

export interface FeedParams {
  wallet: string | null;
  chain: string | null;
  dir: Direction | null;
  kind: 'native' | 'token' | null;
}

const timeOfRow = (r: FeedRow) => r.tx.tx_time;

/** The live transaction feed: filters in the URL, pause with a buffer, alerts, a per-tab watch. */
export function LiveFeed({
  params,
  onChange,
  watch,
  watchError,
  onWatch,
}: {
  params: FeedParams;
  onChange: (patch: Record<string, string | null>) => void;
  watch: Watch | null;
  watchError: string | null;
  onWatch: (watch: Watch | null) => void;
}) {
  const feed = useFeedStore((s) => s.feed);
  const seen = useFeedStore((s) => s.seen);
  const pause = useFeedStore((s) => s.pause);
  const clear = useFeedStore((s) => s.clear);
  const startedAt = useFeedStore((s) => s.startedAt);
  const freshKeys = useFeedStore((s) => s.freshKeys);
  const hydrated = useHydrated();
  const entries = useWalletBook((s) => s.entries);
  const alerts = useWalletBook((s) => s.alerts);
  const setAlerts = useWalletBook((s) => s.setAlerts);
  const labels = useLabels((s) => s.labels);
  const zone = usePrefs((s) => s.tz);
  const [alertNote, setAlertNote] = useState<string | null>(null);

  const wallets = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of entries) map.set(labelKey(e.address), e.address);
    for (const s of Object.values(seen))
      if (!map.has(labelKey(s.address))) map.set(labelKey(s.address), s.address);
    if (params.wallet && !map.has(labelKey(params.wallet)))
      map.set(labelKey(params.wallet), params.wallet);
    return [...map.values()];
  }, [entries, seen, params.wallet]);

  const filter: FeedFilter = {
    wallet: params.wallet,
    chain: params.chain,
    direction: params.dir,
    kind: params.kind,
  };
  const rows = useMemo(
    () =>
      feed.rows.filter((r) =>
        matchesFilter(r, filter, (a, b) => sameAddress(familyOf(r.tx.chain_type), a, b)),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter is its four params
    [feed.rows, params.wallet, params.chain, params.dir, params.kind],
  );
  const filtered = params.wallet || params.chain || params.dir || params.kind;

  async function chooseAlerts(mode: AlertMode) {
    setAlertNote(null);
    if (mode === 'notify') {
      const permission = await askNotificationPermission();
      if (permission !== 'granted') {
        setAlertNote(
          permission === 'unsupported'
            ? 'This browser has no notifications: using a sound instead.'
            : 'Notifications are blocked for this site: using a sound instead.',
        );
        setAlerts('sound');
        return;
      }
    }
    setAlerts(mode);
  }

  return (
    <div className="flex flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2">
        <FilterSelect
          id="feed-wallet"
          label="Wallet"
          all="All wallets"
          value={params.wallet}
          onChange={(wallet) => onChange({ wallet })}
          className="max-w-[200px]"
        >
          {wallets.map((w) => (
            <option key={w} value={w}>
              {labels[labelKey(w)] ? `${labels[labelKey(w)]} (${shorten(w)})` : shorten(w, 8, 6)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="feed-chain"
          label="Chain"
          all="All chains"
          value={params.chain}
          onChange={(chain) => onChange({ chain })}
        >
          <ChainOptions chains={TX_CHAINS} />
        </FilterSelect>
        <Segmented
          size="sm"
          label="Direction"
          options={DIRECTIONS}
          value={params.dir ?? 'all'}
          onChange={(v) => onChange({ dir: v === 'all' ? null : v })}
        />
        <Segmented
          size="sm"
          label="Transfer type"
          options={KINDS}
          value={params.kind ?? 'all'}
          onChange={(v) => onChange({ kind: v === 'all' ? null : v })}
        />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor="feed-alerts">
            Alerts on new transactions
          </label>
          <Select
            id="feed-alerts"
            className="!h-7 !w-auto text-12"
            value={alerts}
            onChange={(e) => void chooseAlerts(e.target.value as AlertMode)}
            title="Alert on new transactions"
          >
            <option value="off">Alerts off</option>
            <option value="sound">Sound</option>
            <option value="notify">Notification</option>
          </Select>
          <Button
            size="sm"
            variant={feed.paused ? 'primary' : 'secondary'}
            onClick={() => pause(!feed.paused)}
            aria-pressed={feed.paused}
          >
            {feed.paused ? (
              <>
                Resume
                {feed.pending.length > 0 && (
                  <span className="num rounded bg-white/20 px-1">{feed.pending.length} new</span>
                )}
              </>
            ) : (
              'Pause'
            )}
          </Button>
          <CsvExport
            noun="transactions"
            fileName="live-feed"
            rows={rows}
            timeOf={timeOfRow}
            toCsv={feedToCsv}
          />
          <Button size="sm" variant="ghost" onClick={clear} disabled={feed.rows.length === 0}>
            Clear
          </Button>
        </div>
      </div>
      {/* Two lines kept on a phone: the stream state's text grows once it connects. */}
      <div className="flex min-h-[45px] flex-wrap items-center gap-x-3 gap-y-1 border-b border-border px-3 py-1.5 text-2xs text-muted sm:min-h-0">
        <StreamState />
        <span className="num" data-testid="feed-count">
          {filtered ? `${rows.length} of ${feed.rows.length} shown` : `${feed.rows.length} shown`} ·{' '}
          {feed.received} received
          {feed.duplicates > 0 ? ` · ${feed.duplicates} duplicates dropped` : ''}
        </span>
        {feed.paused && (
          <span className="text-warn">Paused: new transactions wait in a buffer.</span>
        )}
        {alertNote && <span className="text-warn">{alertNote}</span>}
        <WatchControl watch={watch} error={watchError} onWatch={onWatch} />
      </div>
      {rows.length === 0 ? (
        <div className="h-[max(420px,calc(100vh-300px))]">
          {feed.rows.length > 0 ? (
            <EmptyState
              title="No transaction matches these filters."
              action={
                <Button
                  size="sm"
                  onClick={() => onChange({ wallet: null, chain: null, dir: null, kind: null })}
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState title="Waiting for transactions of monitored addresses.">
              {hydrated ? `Live since ${formatClock(startedAt / 1000, zone)}: every` : 'Every'}{' '}
              transaction of an address on the monitored list appears here as it happens.
            </EmptyState>
          )}
        </div>
      ) : (
        <FeedTable rows={rows} zone={zone} freshKeys={freshKeys} />
      )}
    </div>
  );
}

/** One of the feed's narrowing choices: its first option (`all`, no value) narrows nothing. */
function FilterSelect({
  id,
  label,
  all,
  value,
  onChange,
  className,
  children,
}: {
  id: string;
  label: string;
  all: string;
  value: string | null;
  onChange: (value: string | null) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <Select
        id={id}
        className={clsx('!h-7 !w-auto text-12', className)}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">{all}</option>
        {children}
      </Select>
    </>
  );
}
