import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';
import { Panel } from './panel';

/** A route's 404 page: its heading, what is missing (`title`, `children`) and where to go instead. */
export function NotFoundPage({
  heading,
  title,
  action,
  children,
}: {
  heading: string;
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={heading} />
      <Panel>
        <EmptyState title={title} action={action}>
          {children}
        </EmptyState>
      </Panel>
    </>
  );
}
