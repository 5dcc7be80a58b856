import type { Metadata } from 'next';
import { LoginForm } from '@/components/settings/login-form';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Sign in' };

/** Only a path of this site is a valid destination after sign-in (no open redirect). */
function safeNext(raw: string | string[] | undefined): string {
  const next = Array.isArray(raw) ? raw[0] : raw;
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')
    ? next
    : '/settings';
}

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { next } = await searchParams;
  return (
    <>
      <PageHeader
        title="Sign in"
        subtitle="Admin session for changes to the monitored list and the app settings."
      />
      <LoginForm next={safeNext(next)} />
    </>
  );
}
