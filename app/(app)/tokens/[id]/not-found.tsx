import { ButtonLink } from '@/components/ui/button-link';
import { NotFoundPage } from '@/components/ui/not-found-page';

export default function TokenNotFound() {
  return (
    <NotFoundPage
      heading="Token not found"
      title="The price service has no active token with this id."
      action={<ButtonLink href="/">Back to Markets</ButtonLink>}
    >
      Token ids are positive whole numbers; an inactive token is not listed. Search the Markets page
      by name, symbol or contract address.
    </NotFoundPage>
  );
}
