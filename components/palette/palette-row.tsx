'use client';
/** One row of the palette: an icon, what it is, and on the right where it lives. */
import type { ComponentType, ReactNode } from 'react';
import { formatCompact, USD } from '@/lib/core/format/number';
import { shorten } from '@/lib/core/format/text';
import { formatTokenAmount } from '@/lib/core/format/units';
import type { Entry } from '@/lib/features/palette/groups';
import type { Target } from '@/lib/features/palette/targets';
import { MoonIcon, SearchIcon, SunIcon, type IconProps } from '@/components/ui/icons';
import { HistoryIcon, PageIcon, PoolIcon, TxIcon, WalletIcon } from './palette-icons';
import { TokenIcon } from '@/components/ui/token-icon';

/** Every row's icon sits in one 28 px slot, so the labels line up. */
const Slot = ({ children }: { children: ReactNode }) => (
  <span aria-hidden className="flex w-7 shrink-0 items-center">
    {children}
  </span>
);

/** Round caps and joins reach the icon's strokes through CSS inheritance. */
function Glyph({ icon: Icon }: { icon: ComponentType<IconProps> }) {
  return (
    <span className="grid h-5 w-5 shrink-0 place-items-center rounded bg-raised text-muted [stroke-linecap:round] [stroke-linejoin:round]">
      <Icon size={12} />
    </span>
  );
}

const Kind = ({ children }: { children: ReactNode }) => (
  <span className="hidden rounded border border-border px-1 py-px sm:inline">{children}</span>
);

function Row({
  icon,
  main,
  detail,
  side,
  kind,
}: {
  icon: ReactNode;
  main: ReactNode;
  detail?: ReactNode;
  /** where it lives (its chain, its address) */
  side?: ReactNode;
  /** what it is, as a tag after the side */
  kind?: string;
}) {
  return (
    <>
      <Slot>{icon}</Slot>
      <span className="flex min-w-0 flex-1 items-baseline gap-2">
        <span className="shrink-0 font-medium text-text">{main}</span>
        {detail && <span className="min-w-0 truncate text-muted">{detail}</span>}
      </span>
      {(side || kind) && (
        // On the active row's raised background, faint text would fall under 4.5:1: muted there.
        <span className="ml-2 flex shrink-0 items-center gap-2 text-2xs text-faint group-data-[selected=true]:text-muted">
          {side}
          {kind && <Kind>{kind}</Kind>}
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
          side={target.chain}
          kind="Token"
        />
      );
    case 'pool':
      return (
        <Row
          icon={icon ?? <Glyph icon={PoolIcon} />}
          main={target.name}
          detail={extra}
          side={
            <>
              <span className="hidden sm:inline">{target.chain}</span>
              <Mono value={target.ref.address} />
            </>
          }
          kind="Pool"
        />
      );
    case 'tx':
      return (
        <Row
          icon={<Glyph icon={TxIcon} />}
          main={<Mono value={target.hash} head={10} tail={6} />}
          detail={extra}
          side={target.chain}
          kind="Transaction"
        />
      );
    case 'wallet':
      return (
        <Row
          icon={<Glyph icon={target.view === 'watch' ? WalletIcon : HistoryIcon} />}
          main={target.view === 'watch' ? 'Watch live' : 'Wallet history'}
          detail={<Mono value={target.address} head={8} tail={6} />}
          kind="Wallets"
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
      return <Row icon={<Glyph icon={PageIcon} />} main={entry.label} />;
    case 'search':
      return (
        <Row
          icon={<Glyph icon={SearchIcon} />}
          main="Search Markets"
          detail={`for “${entry.text}”`}
        />
      );
    case 'theme':
      return (
        <Row
          icon={<Glyph icon={entry.next === 'light' ? SunIcon : MoonIcon} />}
          main={`Switch to ${entry.next} theme`}
        />
      );
  }
}
