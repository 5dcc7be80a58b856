'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';
import { safeNextPath } from '@/lib/core/next-path';
import { authKeys, login, sessionQuery } from '@/lib/client/queries/auth';

/** The admin sign-in: one password (DASHBOARD_PASSWORD), an httpOnly session cookie on success. */
export function LoginForm({ next: given }: { next: string }) {
  const next = safeNextPath(given);
  const router = useRouter();
  const client = useQueryClient();
  const session = useQuery(sessionQuery);
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: authKeys.all });
      router.push(next);
      router.refresh();
    },
  });
  const error = signIn.error?.message ?? null;
  const busy = signIn.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    signIn.mutate(password);
  }

  const s = session.data;
  return (
    <div className="mx-auto mt-10 w-full max-w-sm">
      <Panel title="Admin sign-in">
        {s && !s.passwordSet ? (
          <p className="p-4 text-13 text-muted" role="status">
            {s.canChange
              ? 'No admin password is set: on the demo simulator, changes are open to everyone.'
              : 'No admin password is set, so changes are disabled on this deployment: set DASHBOARD_PASSWORD to enable them.'}
          </p>
        ) : s?.signedIn ? (
          <div className="flex flex-col gap-3 p-4 text-13">
            <p role="status">You are signed in as admin.</p>
            <Button variant="primary" onClick={() => router.push(next)}>
              Continue
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-3 p-4" data-next={next}>
            <p className="text-12 text-muted">
              Reading is open to everyone; adding addresses, saving settings, retries and test
              events need the admin password.
            </p>
            <Field id="password" label="Password" error={error}>
              <TextInput
                id="password"
                type="password"
                autoComplete="current-password"
                autoFocus
                required
                value={password}
                aria-invalid={!!error}
                aria-describedby={error ? 'password-error' : undefined}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Button type="submit" variant="primary" disabled={busy || password === ''}>
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        )}
      </Panel>
    </div>
  );
}
