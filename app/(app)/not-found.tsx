import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';

const WAYS = [
  { href: '/', label: 'Markets' },
  { href: '/pools', label: 'Pools' },
  { href: '/wallets', label: 'Wallets' },
] as const;

/** A path Pulse has no page for (a mistyped or outdated link): a 404 that says where to go instead. */
export default function AppNotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Panel>
        <EmptyState
          title="Pulse has no page at this address."
          action={
            <nav aria-label="Pages" className="flex flex-wrap justify-center gap-2">
              {WAYS.map((way) => (
                <ButtonLink key={way.href} href={way.href}>
                  {way.label}
                </ButtonLink>
              ))}
            </nav>
          }
        >
          The link may be mistyped or out of date. A pool&apos;s page is /pools/&lt;chain
          type&gt;/&lt;chain id&gt;/&lt;address&gt;, a token&apos;s /tokens/&lt;id&gt;; the search
          box above finds both by name or symbol.
        </EmptyState>
      </Panel>
    </>
  );
}
