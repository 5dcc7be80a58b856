import { ButtonLink } from '@/components/ui/button-link';
import { NotFoundPage } from '@/components/ui/not-found-page';

export default function ChainNotFound() {
  return (
    <NotFoundPage
      heading="Chain not found"
      title="The price service knows no chain with this id."
      action={<ButtonLink href="/chains">All chains</ButtonLink>}
    >
      Chain pages are addressed by the chain&apos;s internal numeric id: pick one from the list.
    </NotFoundPage>
  );
}
