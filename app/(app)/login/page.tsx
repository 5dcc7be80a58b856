import type { Metadata } from 'next';
import { LoginForm } from '@/components/settings/login-form';
import { PageHeader } from '@/components/ui/page-header';
import { safeNextPath } from '@/lib/core/next-path';

export const metadata: Metadata = { title: 'Sign in' };

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
      {/* Only a path of this site is a destination after sign-in (lib/core/next-path.ts). */}
      <LoginForm next={safeNextPath(next)} />
    </>
  );
}
