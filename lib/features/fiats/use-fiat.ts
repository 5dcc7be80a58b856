'use client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FiatItem } from '../../contracts/price/schema';
import { useStartAfter } from '../../client/hooks/use-first-paint';
import { fiatsQuery } from '../../client/queries/price';
import { useFiatSupport } from '../../client/stores/fiat-support';
import { usePrefs } from '../../client/stores/prefs';
import { USD, type FiatFormat } from '../../core/format/number';

export interface SelectedFiat {
  /** the code sent as `fiat=` (upper case) */
  code: string;
  /** symbol and precision for display; the seed's defaults (precision 2, `""` symbol) handled */
  format: FiatFormat;
  /** the fiats list, once loaded */
  fiats: FiatItem[] | undefined;
  /** the code is not in the upstream's fiats list (a stale preference or a hand-edited URL) */
  unknown: boolean;
  /** the fiat the user chose that the quotes refuse: prices are shown in USD instead, and say so */
  refused: { code: string; message: string } | null;
}

export function fiatFormat(
  item: Pick<FiatItem, 'code' | 'symbol' | 'precision'> | undefined,
  code: string,
): FiatFormat {
  if (!item) return code === 'USD' ? USD : { code, symbol: '', precision: 2 };
  const precision =
    Number.isInteger(item.precision) && item.precision >= 0 && item.precision <= 12
      ? item.precision
      : 2;
  return { code: item.code.toUpperCase(), symbol: item.symbol, precision };
}

/**
 * The fiat the user picked (kept across visits), with its display format from `fiats`. The server
 * render and the hydration pass see the stores' initial state (USD, no trial: zustand hands React
 * that as the server snapshot), so the persisted choice never causes a hydration mismatch; React
 * re-renders after hydration only when the stored choice differs.
 */
export function useFiat(): SelectedFiat {
  const stored = usePrefs((s) => s.fiat);
  const trial = useFiatSupport((s) => s.trial);
  const refusedAll = useFiatSupport((s) => s.refused);
  const wanted = trial ?? stored;
  const refusedMessage = refusedAll[wanted];
  const code = refusedMessage ? 'USD' : wanted;
  // The list only refines the symbol and decimals: asked once the page's first frame is shown for
  // another fiat, and for USD (whose are known; the list then only fills the fiat menu) once the
  // loaded page is idle. A page that needs it sooner asks itself (Fiats queries it at once).
  const ready = useStartAfter(wanted === 'USD' ? 'idle' : 'paint');
  const fiats = useQuery({ ...fiatsQuery, enabled: ready }).data;
  const item = fiats?.find((f) => f.code.toUpperCase() === code);
  // Not in the fiats list at all says more than "the quotes refused it": that one wins.
  const listed = !fiats || fiats.some((f) => f.code.toUpperCase() === wanted);
  const shown = fiatFormat(listed ? item : undefined, listed ? code : wanted);
  // The same figures keep the same object: the fiats list arriving (USD reads the same before and
  // after) re-renders no price on the page.
  const format = useMemo(
    () => ({ code: shown.code, symbol: shown.symbol, precision: shown.precision }),
    [shown.code, shown.symbol, shown.precision],
  );
  return useMemo(
    () => ({
      code: listed ? code : wanted,
      format,
      fiats,
      unknown: !listed,
      refused: refusedMessage && listed ? { code: wanted, message: refusedMessage } : null,
    }),
    [code, fiats, format, listed, refusedMessage, wanted],
  );
}
