'use client';
import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { ServicePageHeader } from '@/components/settings/access-notice';
import { Panel } from '@/components/ui/panel';
import { checkAddress } from '@/lib/core/address';
import { isTxChainType } from '@/lib/contracts/chain-types';
import { useUrlParams } from '@/lib/client/hooks/use-url-params';
import { familyOf } from '@/lib/features/wallets/chains';
import {
  historyFromParams,
  historyToParams,
  type HistoryQuery,
} from '@/lib/features/wallets/history';
import { AddAddressesForm } from './add-addresses-form';
import { AddressList } from './address-list';
import type { ListEntry } from './address-row';
import { HistoryForm } from './history-form';
import { HistoryResults } from './history-results';
import { LiveFeed, type FeedParams } from './live-feed';
import { useLiveFeed, type Watch } from './use-live-feed';
import { WalletPush } from './wallet-push';

const TABS = [
  { value: 'feed', label: 'Live feed' },
  { value: 'history', label: 'History' },
] as const;

function parseWatch(raw: string | null): Watch | null {
  if (!raw) return null;
  const i = raw.indexOf(':');
  const chainType = raw.slice(0, i).toLowerCase();
  const address = raw.slice(i + 1);
  const family = i > 0 && isTxChainType(chainType) ? familyOf(chainType) : null;
  return family && checkAddress(family, address).ok ? { chainType, address } : null;
}

function feedParams(params: URLSearchParams): FeedParams {
  const dir = params.get('dir');
  const kind = params.get('kind');
  return {
    wallet: params.get('wallet'),
    chain: params.get('chain'),
    dir: dir === 'in' || dir === 'out' || dir === 'self' ? dir : null,
    kind: kind === 'native' || kind === 'token' ? kind : null,
  };
}

/** /wallets: the monitored list on the left, the live feed or the history on the right; all state in the URL. */
export function WalletsView() {
  const [params, update] = useUrlParams();
  const tab = params.get('tab') === 'history' ? 'history' : 'feed';
  const watchRaw = params.get('watch');
  const watch = useMemo(() => parseWatch(watchRaw), [watchRaw]);
  const { watchError } = useLiveFeed(watch);
  const feed = feedParams(params);
  const history = useMemo(() => historyFromParams(params), [params]);
  // The form remounts on a new query from elsewhere (a row's "History"), so it shows what is loaded.
  const historyKey = useMemo(() => JSON.stringify(history), [history]);

  const [focusTab, setFocusTab] = useState(false);

  function showHistory(entry: ListEntry) {
    update(
      {
        tab: 'history',
        mode: null,
        groups: null,
        address: entry.address,
        hchain: entry.chainType,
        type: null,
        token: null,
      },
      'push',
    );
  }

  return (
    <>
      <ServicePageHeader
        title="Wallets"
        subtitle="Monitored addresses, their transactions as they happen, and their history."
      />
      <div className="grid gap-3 xl:grid-cols-[360px_minmax(0,1fr)]">
        {/* The activity comes first in the page as on a phone, where it is on top; on a wide screen each
            has its own grid cell, so a page painted while still parsing never moves one under the
            other. */}
        <section className="min-w-0 rounded-md border border-border bg-panel xl:col-start-2 xl:row-start-1">
          <div
            role="tablist"
            aria-label="Wallet activity"
            className="flex items-center gap-1 border-b border-border px-2"
          >
            {TABS.map((t) => (
              <button
                key={t.value}
                id={`tab-${t.value}`}
                type="button"
                role="tab"
                aria-selected={tab === t.value}
                aria-controls={`panel-${t.value}`}
                tabIndex={tab === t.value ? 0 : -1}
                autoFocus={focusTab && tab === t.value}
                onClick={() => update({ tab: t.value === 'feed' ? null : t.value }, 'push')}
                onKeyDown={(e) => {
                  if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
                  setFocusTab(true);
                  update({ tab: tab === 'feed' ? 'history' : null }, 'push');
                }}
                className={clsx(
                  '-mb-px border-b-2 px-3 py-2.5 text-13 font-medium',
                  tab === t.value
                    ? 'border-accent text-text'
                    : 'border-transparent text-muted hover:text-text',
                )}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'feed' ? (
              <LiveFeed
                params={feed}
                onChange={(patch) => update(patch)}
                watch={watch}
                watchError={watchError}
                onWatch={(w) => update({ watch: w ? `${w.chainType}:${w.address}` : null })}
              />
            ) : (
              <>
                <HistoryForm
                  key={historyKey}
                  initial={history}
                  onSubmit={(q: HistoryQuery) => update(historyToParams(q), 'push')}
                />
                {history ? (
                  <HistoryResults query={history} />
                ) : (
                  <p className="px-3 py-10 text-center text-12 text-muted">
                    Choose an address, or several chains and addresses, then load its history.
                  </p>
                )}
              </>
            )}
          </div>
        </section>
        <Panel
          title="Monitored addresses"
          className="min-w-0 self-start xl:col-start-1 xl:row-start-1"
        >
          <p className="border-b border-border px-3 py-2 text-12 text-muted">
            The service cannot list its monitored addresses, so this shows the ones added in this
            browser and those seen in the live feed, each checked with the service.
          </p>
          <WalletPush />
          <AddAddressesForm />
          <AddressList
            onFilter={(address) => update({ tab: null, wallet: address })}
            onHistory={showHistory}
          />
        </Panel>
      </div>
    </>
  );
}
