'use client';
import { clsx } from 'clsx';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ComponentType } from 'react';
import { BellIcon, GridIcon, SettingsIcon, type IconProps } from '@/components/ui/icons';

export const NAV_ITEMS = [
  { href: '/', label: 'Markets' },
  { href: '/pools', label: 'Pools' },
  {
    href: '/workspace',
    label: 'Workspace',
    icon: GridIcon,
  },
  { href: '/wallets', label: 'Wallets' },
  { href: '/fiats', label: 'Fiats' },
  { href: '/chains', label: 'Chains' },
  {
    href: '/alerts',
    label: 'Alerts',
    icon: BellIcon,
  },
  {
    href: '/settings',
    label: 'Settings',
    icon: SettingsIcon,
  },
] as const;

function isActive(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/' || pathname.startsWith('/tokens');
  if (href === '/wallets') return pathname.startsWith('/wallets') || pathname.startsWith('/tx');
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * Eight items are too many words for a phone: under 400 px Workspace, Alerts and Settings are
 * pictures (their labels stay their accessible names).
 */
function IconLabel({ icon: Icon, label }: { icon: ComponentType<IconProps>; label: string }) {
  return (
    <>
      <Icon size={15} className="-mb-0.5 inline min-[400px]:hidden" />
      <span className="sr-only min-[400px]:not-sr-only">{label}</span>
    </>
  );
}

export function NavLinks() {
  const pathname = usePathname();
  return (
    <nav
      aria-label="Main"
      className="order-last -mx-1 flex w-[calc(100%+0.5rem)] min-w-0 items-center justify-between gap-0.5 overflow-x-auto pb-1.5 [scrollbar-width:none] min-[400px]:justify-start md:order-none md:mx-0 md:w-auto md:pb-0"
    >
      {NAV_ITEMS.map((item) => {
        const active = isActive(pathname, item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? 'page' : undefined}
            // Every page is rendered per request (nonces), so a prefetch in view fetches and parses
            // each page's shell while this one loads; on a phone that is main-thread time the page
            // needs. Hovering or touching a link still prefetches it.
            prefetch={false}
            // Eight items fit a 320 px phone: tighter below 400 px, three of them pictures (IconLabel).
            className={clsx(
              'whitespace-nowrap rounded px-[3px] py-1.5 text-12 font-medium transition-colors min-[400px]:px-2 min-[400px]:text-13 md:px-2.5',
              active ? 'bg-raised text-text' : 'text-muted hover:text-text',
            )}
          >
            {'icon' in item ? <IconLabel icon={item.icon} label={item.label} /> : item.label}
          </Link>
        );
      })}
    </nav>
  );
}
