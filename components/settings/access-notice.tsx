'use client';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { authKeys, logout } from '@/lib/client/queries/auth';
import { useAccess } from './use-access';

/** "Read-only: sign in to change", "Admin · Sign out", or how to enable changes on this deployment. */
/** One height whatever it says (the skeleton's), so the page below never moves when it loads. */
export function AccessNotice() {
  return (
    <span className="inline-flex min-h-5 items-center">
      <AccessNoticeText />
    </span>
  );
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
      <span
        className="inline-flex items-center gap-2 text-2xs text-muted"
        data-testid="access"
        data-access="admin"
      >
        <Badge tone="up">Admin</Badge>
        <button
          type="button"
          className="font-medium text-accent hover:underline"
          onClick={() => signOut.mutate()}
        >
          Sign out
        </button>
      </span>
    );
  }
  if (session.canChange) {
    return (
      <span
        className="text-2xs text-muted"
        data-testid="access"
        data-access="open"
        title="Public demo: your changes go to a sandbox of your own, kept in this server's memory; no other visitor sees them"
      >
        Demo sandbox: only you see your changes
      </span>
    );
  }
  if (session.passwordSet) {
    return (
      <span
        className="inline-flex items-center gap-2 text-2xs text-muted"
        data-testid="access"
        data-access="read-only"
      >
        <Badge tone="warn">Read-only</Badge>
        <Link
          href={`/login?next=${encodeURIComponent(pathname)}`}
          className="font-medium text-accent hover:underline"
        >
          Sign in to change
        </Link>
      </span>
    );
  }
  return (
    <span
      className="inline-flex items-center gap-2 text-2xs text-muted"
      data-testid="access"
      data-access="disabled"
      title={session.reason ?? ''}
    >
      <Badge tone="warn">Read-only</Badge>
      set DASHBOARD_PASSWORD to enable changes
    </span>
  );
}
