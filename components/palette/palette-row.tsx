'use client';
/** One row of the palette: an icon, what it is, and on the right where it lives. */
import type { ReactNode } from 'react';
import { formatCompact, USD } from '@/lib/core/format/number';
import { shorten } from '@/lib/core/format/text';
import { formatTokenAmount } from '@/lib/core/format/units';
import type { Entry } from '@/lib/features/palette/groups';
import type { Target } from '@/lib/features/palette/targets';
import { TokenIcon } from '@/components/ui/token-icon';

/** Every row's icon sits in one 28 px slot, so the labels line up. */
const Slot = ({ children }: { children: ReactNode }) => (
  <span aria-hidden className="flex w-7 shrink-0 items-center">
    {children}
  </span>
);

function Glyph({ d }: { d: string }) {
  return (
    <span className="grid h-5 w-5 shrink-0 place-items-center rounded bg-raised text-muted">
      <svg
        width="12"
        height="12"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={d} />
      </svg>
    </span>
  );
}

const ICONS = {
  pool: 'M4 18h16M6 18V9m6 9V5m6 13v-7',
  tx: 'M7 7h13l-4-4M17 17H4l4 4',
  wallet: 'M3 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H3zM3 7l12-4v4M16 14h1',
  history: 'M12 7v5l3 2M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5',
  page: 'M9 6l6 6-6 6',
  search: 'M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM20 20l-3.5-3.5',
  sun: 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
};

function Row({
  icon,
  main,
  detail,
  side,
}: {
  icon: ReactNode;
  main: ReactNode;
  detail?: ReactNode;
  side?: ReactNode;
}) {
  return (
    <>
      <Slot>{icon}</Slot>
      <span className="flex min-w-0 flex-1 items-baseline gap-2">
        <span className="shrink-0 font-medium text-text">{main}</span>
        {detail && <span className="min-w-0 truncate text-muted">{detail}</span>}
      </span>
      {side && (
        // On the active row's raised background, faint text would fall under 4.5:1: muted there.
        <span className="ml-2 flex shrink-0 items-center gap-2 text-2xs text-faint group-data-[selected=true]:text-muted">
          {side}
        </span>
      )}
    </>
  );
}

const Mono = ({ value, head = 6, tail = 4 }: { value: string; head?: number; tail?: number }) => (
  <span className="font-mono" title={value}>
    {shorten(value, head, tail)}
  </span>
);

const Kind = ({ children }: { children: ReactNode }) => (
  <span className="hidden rounded border border-border px-1 py-px sm:inline">{children}</span>
);

/** A place the palette leads to, as a row: for recent entries and for found ones alike. */
function TargetRow({
  target,
  extra,
  icon,
}: {
  target: Target;
  extra?: ReactNode;
  icon?: ReactNode;
}) {
  switch (target.kind) {
    case 'token':
      return (
        <Row
          icon={<TokenIcon src={target.logo} symbol={target.symbol} size={20} />}
          main={target.symbol}
          detail={target.name}
          side={
            <>
              {target.chain}
              <Kind>Token</Kind>
            </>
          }
        />
      );
    case 'pool':
      return (
        <Row
          icon={icon ?? <Glyph d={ICONS.pool} />}
          main={target.name}
          detail={extra}
          side={
            <>
              <span className="hidden sm:inline">{target.chain}</span>
              <Mono value={target.ref.address} />
              <Kind>Pool</Kind>
            </>
          }
        />
      );
    case 'tx':
      return (
        <Row
          icon={<Glyph d={ICONS.tx} />}
          main={<Mono value={target.hash} head={10} tail={6} />}
          detail={extra}
          side={
            <>
              {target.chain}
              <Kind>Transaction</Kind>
            </>
          }
        />
      );
    case 'wallet':
      return (
        <Row
          icon={<Glyph d={target.view === 'watch' ? ICONS.wallet : ICONS.history} />}
          main={target.view === 'watch' ? 'Watch live' : 'Wallet history'}
          detail={<Mono value={target.address} head={8} tail={6} />}
          side={<Kind>Wallets</Kind>}
        />
      );
  }
}

function dexName(dex: string): string {
  return dex.replace(/[_-]+/g, ' ').replace(/\bv(\d)/i, 'v$1');
}

export function PaletteRow({ entry }: { entry: Entry }) {
  switch (entry.kind) {
    case 'recent':
    case 'token':
    case 'wallet':
      return <TargetRow target={entry.target} />;
    case 'pool':
      return (
        <TargetRow
          target={entry.target}
          icon={
            <>
              <TokenIcon
                src={entry.pool.base_token.image_url}
                symbol={entry.pool.base_token.symbol}
                size={18}
              />
              <TokenIcon
                src={entry.pool.quote_token.image_url}
                symbol={entry.pool.quote_token.symbol}
                size={18}
                className="-ml-2 ring-2 ring-panel"
              />
            </>
          }
          extra={
            <>
              <span className="capitalize">{dexName(entry.pool.dex)}</span>
              <span className="num">
                {' · '}
                {formatCompact(entry.pool.reserve_in_usd, USD)} liquidity
              </span>
            </>
          }
        />
      );
    case 'tx': {
      const { tx } = entry;
      const status = tx.tx_status;
      return (
        <TargetRow
          target={entry.target}
          extra={
            <>
              {status && (
                <span
                  className={
                    status === 'success'
                      ? 'text-up'
                      : status === 'failed'
                        ? 'text-down'
                        : 'text-warn'
                  }
                >
                  {status}
                </span>
              )}
              {tx.amount && tx.symbol && (
                <span className="num">
                  {status ? ' · ' : ''}
                  {formatTokenAmount(tx.amount, tx.decimals, 4)} {tx.symbol}
                </span>
              )}
            </>
          }
        />
      );
    }
    case 'page':
      return <Row icon={<Glyph d={ICONS.page} />} main={entry.label} />;
    case 'search':
      return (
        <Row
          icon={<Glyph d={ICONS.search} />}
          main="Search Markets"
          detail={`for “${entry.text}”`}
        />
      );
    case 'theme':
      return (
        <Row
          icon={<Glyph d={entry.next === 'light' ? ICONS.sun : ICONS.moon} />}
          main={`Switch to ${entry.next} theme`}
        />
      );
  }
}
