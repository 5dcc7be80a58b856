'use client';
/**
 * The card of the trade marker under the pointer: shown at once, and kept a moment after the pointer
 * leaves the marker, so that it can reach the card (and its link) before the card goes.
 */
import { useRef, useState, type RefObject } from 'react';
import type { TradeMarkerHover } from '@/lib/chart/draw/trade-markers';

/** How long a marker's card stays after the pointer leaves the marker (time to reach the card). */
const CARD_LINGER_MS = 250;

export type TradeCardHover = TradeMarkerHover & { bounds: { width: number; height: number } };

/** The marker card's state and its hands: the chart hovers, the card keeps or closes itself. */
export type TradeCard = ReturnType<typeof useTradeCard>;

export function useTradeCard(figureRef: RefObject<HTMLElement | null>) {
  const [card, setCard] = useState<TradeCardHover | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keep = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const onHover = (hover: TradeMarkerHover | null) => {
    keep();
    const figure = figureRef.current;
    if (hover && figure)
      setCard({ ...hover, bounds: { width: figure.clientWidth, height: figure.clientHeight } });
    else timer.current = setTimeout(() => setCard(null), CARD_LINGER_MS);
  };
  return { card, onHover, keep, close: () => setCard(null) };
}
