import { clsx } from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  // Darkened accent: white on the raw accent is 3.2:1 in the dark theme (WCAG asks 4.5:1).
  primary:
    'bg-[color-mix(in_srgb,var(--accent)_78%,black)] text-white hover:brightness-110 border-transparent',
  secondary: 'bg-raised text-text border-border hover:bg-border',
  ghost: 'bg-transparent text-muted border-transparent hover:bg-raised hover:text-text',
  danger: 'bg-transparent text-down border-border hover:bg-raised',
};

export function Button({
  variant = 'secondary',
  size = 'md',
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'sm' | 'md' }) {
  const sizing = size === 'sm' ? 'h-7 px-2 text-12' : 'h-8 px-3 text-13';
  return (
    <button
      type={type}
      className={clsx(
        'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded border font-medium transition disabled:cursor-not-allowed disabled:opacity-50',
        sizing,
        VARIANTS[variant],
        className,
      )}
      {...rest}
    />
  );
}
