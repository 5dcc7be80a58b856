import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type Tone = 'neutral' | 'up' | 'down' | 'warn' | 'accent';

const TONES: Record<Tone, string> = {
  neutral: 'bg-raised text-muted',
  up: 'bg-up/15 text-up',
  down: 'bg-down/15 text-down',
  warn: 'bg-warn/15 text-warn',
  accent: 'bg-accent/15 text-accent',
};

export function Badge({
  tone = 'neutral',
  children,
  title,
  className = '',
}: {
  tone?: Tone;
  children: ReactNode;
  title?: string;
  className?: string;
}) {
  return (
    <span
      title={title}
      className={clsx(
        'inline-flex items-center gap-1 whitespace-nowrap rounded px-1.5 py-px text-11 font-medium',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
