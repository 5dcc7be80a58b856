'use client';
import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`: ages ("3 s ago") re-render without reading the clock in render. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
