'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';

export const NAV_ITEMS = [
  { href: '/', label: 'Markets' },
  { href: '/pools', label: 'Pools' },
  {
    href: '/workspace',
    label: 'Workspace',
    icon: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
  },
  { href: '/wallets', label: 'Wallets' },
  { href: '/fiats', label: 'Fiats' },
  { href: '/chains', label: 'Chains' },
  {
    href: '/alerts',
    label: 'Alerts',
    icon: 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0',
  },
  {
    href: '/settings',
    label: 'Settings',
    icon: 'M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6',
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
function IconLabel({ icon, label }: { icon: string; label: string }) {
  return (
    <>
      <svg
        width="15"
        height="15"
        viewBox="0 0 24 24"
        aria-hidden
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        className="-mb-0.5 inline min-[400px]:hidden"
      >
        <path d={icon} />
      </svg>
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
            className={`whitespace-nowrap rounded px-[3px] py-1.5 text-[12px] font-medium transition-colors min-[400px]:px-2 min-[400px]:text-[13px] md:px-2.5 ${
              active ? 'bg-raised text-text' : 'text-muted hover:text-text'
            }`}
          >
            {'icon' in item ? <IconLabel icon={item.icon} label={item.label} /> : item.label}
          </Link>
        );
      })}
    </nav>
  );
}
