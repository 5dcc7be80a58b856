'use client';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { authKeys, logout } from '@/lib/client/queries/auth';
import { useAccess } from './use-access';

/** "Read-only: sign in to change", "Admin · Sign out", or how to enable changes on this deployment. */
/** One height whatever it says (the skeleton's), so the page below never moves when it loads. */
function AccessNotice() {
  return (
    <span className="inline-flex min-h-5 items-center">
      <AccessNoticeText />
    </span>
  );
}

/** The heading of a page that changes the monitoring service: the access notice is its action. */
export function ServicePageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return <PageHeader title={title} subtitle={subtitle} actions={<AccessNotice />} />;
}

function AccessNoticeText() {
  const { session } = useAccess();
  const pathname = usePathname();
  const router = useRouter();
  const client = useQueryClient();
  const signOut = useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: authKeys.all });
      router.refresh();
    },
  });
  if (!session) return <span className="skeleton inline-block h-5 w-40" aria-hidden />;

  if (session.signedIn) {
    return (
      <Notice access="admin" badge={<Badge tone="up">Admin</Badge>}>
        <button
          type="button"
          className="font-medium text-accent hover:underline"
          onClick={() => signOut.mutate()}
        >
          Sign out
        </button>
      </Notice>
    );
  }
  if (session.canChange) {
    return (
      <Notice
        access="open"
        title="Public demo: your changes go to a sandbox of your own, kept in this server's memory; no other visitor sees them"
      >
        Demo sandbox: only you see your changes
      </Notice>
    );
  }
  if (session.passwordSet) {
    return (
      <Notice access="read-only" badge={<Badge tone="warn">Read-only</Badge>}>
        <Link
          href={`/login?next=${encodeURIComponent(pathname)}`}
          className="font-medium text-accent hover:underline"
        >
          Sign in to change
        </Link>
      </Notice>
    );
  }
  return (
    <Notice
      access="disabled"
      title={session.reason ?? ''}
      badge={<Badge tone="warn">Read-only</Badge>}
    >
      set DASHBOARD_PASSWORD to enable changes
    </Notice>
  );
}

/** One state of the notice: `data-access` names it for the tests, the badge leads when there is one. */
function Notice({
  access,
  title,
  badge,
  children,
}: {
  access: 'admin' | 'open' | 'read-only' | 'disabled';
  title?: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <span
      className={clsx('text-2xs text-muted', badge && 'inline-flex items-center gap-2')}
      data-testid="access"
      data-access={access}
      title={title}
    >
      {badge}
      {children}
    </span>
  );
}
