'use client';
import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms`: look-ups follow pauses in typing, not keystrokes. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
