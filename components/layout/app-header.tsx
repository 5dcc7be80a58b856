import Link from 'next/link';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { FiatSelect } from './fiat-select';
import { HeaderSearch } from './header-search';
import { NavLinks } from './nav-links';
import { PaletteLauncher } from './palette-launcher';
import { StatusLight } from './status-light';
import { ThemeToggle } from './theme-toggle';
import { PulseMark } from '@/components/ui/icons';

/**
 * Logo, main navigation, upstream status, fiat and theme. On a phone the navigation takes its own
 * row under the controls, every page one tap away; from md up it sits inline.
 */
export function AppHeader({ featured }: { featured?: readonly PoolRef[] }) {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-bg/90 backdrop-blur">
      <div className="mx-auto flex max-w-[1600px] flex-wrap items-center gap-x-4 px-3 sm:px-4 md:h-12 md:flex-nowrap">
        <Link
          href="/"
          prefetch={false}
          className="flex h-12 shrink-0 items-center gap-2 font-semibold tracking-tight"
          aria-label="Pulse home"
        >
          <PulseMark />
          <span className="text-15">Pulse</span>
        </Link>
        <NavLinks />
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <HeaderSearch />
          <PaletteLauncher featured={featured} />
          <StatusLight />
          <FiatSelect />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
