import { ButtonLink } from '@/components/ui/button-link';
import { NotFoundPage } from '@/components/ui/not-found-page';

const WAYS = [
  { href: '/', label: 'Markets' },
  { href: '/pools', label: 'Pools' },
  { href: '/wallets', label: 'Wallets' },
] as const;

/** A path Pulse has no page for (a mistyped or outdated link): a 404 that says where to go instead. */
export default function AppNotFound() {
  return (
    <NotFoundPage
      heading="Page not found"
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
      type&gt;/&lt;chain id&gt;/&lt;address&gt;, a token&apos;s /tokens/&lt;id&gt;; the search box
      above finds both by name or symbol.
    </NotFoundPage>
  );
}
