'use client';
import { useRouter } from 'next/navigation';

/** Re-renders the server page (a new look-up) without a full reload. */
export function RetryButton() {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={() => router.refresh()}
      className="font-medium text-accent hover:underline"
    >
      Retry
    </button>
  );
}
