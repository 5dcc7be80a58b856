'use client';
/**
 * A new alert whose level the price is already past (lib/features/alerts/model.ts `alreadyPast`):
 * said at once, with the choice of firing it now or keeping it for the next crossing. Used by the
 * chart's price lines and the Markets bell.
 */
import type { PriceEntry } from '@/lib/features/alerts/model';
import { showNotification } from '@/lib/features/alerts/notify';
import { useAlerts } from '@/lib/features/alerts/store';
import { firedNowMessage, targetHref } from '@/lib/features/alerts/text';
import { useToasts } from '@/lib/features/alerts/toasts';

/**
 * Fires an alert at once, at the price now: the trader's answer when a new alert's level is already
 * behind the price. Marked, toasted and notified as the watcher does (components/alerts/alert-watcher.tsx).
 */
export function fireNow(entry: PriceEntry, price: number): void {
  useAlerts.getState().fire(entry.id, price, Date.now());
  const { title, body } = firedNowMessage(entry, price);
  const tone = price >= entry.price ? 'up' : 'down';
  useToasts.getState().push({ title, body, tone, href: targetHref(entry.target) });
  showNotification(title, body, `pulse-alert-${entry.id}`);
}

/** The question of an alert whose level the price is already past: fire it now, or keep it armed. */
export function AlreadyPast({
  level,
  price,
  unit,
  side,
  onAnswer,
}: {
  level: string;
  price: string;
  unit: string;
  side: 'above' | 'below';
  onAnswer: (fire: boolean) => void;
}) {
  const u = unit ? ` ${unit}` : '';
  return (
    <div
      role="alert"
      data-testid="already-past"
      className="mt-1 rounded border border-warn/40 bg-warn/10 px-1.5 py-1 text-2xs text-text"
    >
      <p>
        The price is already {side} {level}
        {u}: <span className="num">{price}</span>
        {u}. It would fire only after {side === 'above' ? 'falling below' : 'rising above'} and
        crossing again.
      </p>
      <div className="mt-1 flex gap-1.5">
        <button
          type="button"
          onClick={() => onAnswer(true)}
          className="h-6 rounded border border-border bg-panel px-1.5 font-medium hover:bg-raised"
        >
          Fire now
        </button>
        <button
          type="button"
          onClick={() => onAnswer(false)}
          className="h-6 rounded px-1.5 text-accent hover:underline"
        >
          Keep for the next crossing
        </button>
      </div>
    </div>
  );
}
