'use client';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery, type SessionInfo } from '@/lib/client/queries/auth';

/** Whether changes are allowed here and, when not, why (as the gateway would answer). */
export function useAccess(): {
  canChange: boolean;
  known: boolean;
  reason: string | null;
  session: SessionInfo | undefined;
} {
  const { data } = useQuery(sessionQuery);
  return {
    canChange: data?.canChange ?? false,
    known: !!data,
    reason: data?.reason ?? null,
    session: data,
  };
}
