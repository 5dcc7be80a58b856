'use client';
import { lazy, Suspense } from 'react';

// Every pool page carries its not-found boundary, so this stand-in is all they load; the message
// and its address checks (Base58, bech32 and their hashes) load only when a 404 is rendered (on
// the server too, so the page arrives whole).
const PoolNotFoundBody = lazy(() =>
  import('./pool-not-found-body').then((m) => ({ default: m.PoolNotFoundBody })),
);

/** The pool route's 404: an address that cannot be a pool, or one the price service does not know. */
export function PoolNotFound() {
  return (
    <Suspense fallback={null}>
      <PoolNotFoundBody />
    </Suspense>
  );
}
