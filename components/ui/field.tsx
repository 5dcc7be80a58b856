import { clsx } from 'clsx';
import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

const control =
  'h-8 w-full rounded border border-border bg-bg px-2 text-13 text-text placeholder:text-faint focus:border-accent focus:outline-none disabled:opacity-50 aria-[invalid=true]:border-down';

/**
 * A labelled control with an optional hint and an inline error (tied by aria-describedby), and an
 * optional action at the label's end (a copy button).
 */
export function Field({
  id,
  label,
  hint,
  error,
  action,
  children,
  className = '',
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const labelled = (
    <label htmlFor={id} className="text-12 font-medium text-muted">
      {label}
    </label>
  );
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      {action ? (
        <div className="flex items-center justify-between">
          {labelled}
          {action}
        </div>
      ) : (
        labelled
      )}
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-12 text-down">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-12 text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ className = '', ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={clsx(control, className)} {...rest} />;
}

export function TextArea({ className = '', ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={clsx(control, 'h-auto min-h-20 py-1.5 font-mono text-12', className)}
      {...rest}
    />
  );
}

export function Select({
  className = '',
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={clsx(control, 'cursor-pointer pr-6', className)} {...rest}>
      {children}
    </select>
  );
}
