'use client';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { generateSecret, MAX_SECRET_LENGTH } from '@/lib/features/wallets/config-form';

/**
 * The webhook secret is write-only: the service never returns it, so this shows only whether a new
 * value is about to be sent. What the user types is shown until it is saved, never after.
 */
export function SecretField({
  value,
  clearing,
  error,
  disabled,
  onChange,
  onClear,
}: {
  value: string | null;
  clearing: boolean;
  error?: string;
  disabled?: boolean;
  onChange: (value: string | null) => void;
  onClear: (clear: boolean) => void;
}) {
  const id = 'webhook-secret';
  return (
    <div className="flex flex-col gap-1 py-2">
      <label htmlFor={value !== null ? id : undefined} className="text-12 font-medium text-muted">
        Webhook secret
      </label>
      {value === null ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-12 text-muted" data-testid="secret-state">
            {clearing
              ? 'Will be cleared on save: deliveries will carry an empty Sign.'
              : 'Write-only: the service never returns it.'}
          </span>
          <div className="ml-auto flex gap-2">
            {clearing ? (
              <Button size="sm" onClick={() => onClear(false)}>
                Keep secret
              </Button>
            ) : (
              <>
                <Button size="sm" disabled={disabled} onClick={() => onChange('')}>
                  Set or rotate
                </Button>
                <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onClear(true)}>
                  Clear
                </Button>
              </>
            )}
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <TextInput
            id={id}
            type="password"
            autoComplete="new-password"
            value={value}
            maxLength={MAX_SECRET_LENGTH}
            placeholder="New secret"
            className="min-w-0 flex-1 font-mono text-12"
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => onChange(e.target.value)}
          />
          <Button
            size="sm"
            onClick={() => {
              const secret = generateSecret();
              onChange(secret);
              void navigator.clipboard?.writeText(secret).catch(() => undefined);
            }}
            title="32 random bytes, copied to the clipboard: set the same value as WEBHOOK_SECRET of the receiver"
          >
            Generate
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            Cancel
          </Button>
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-12 text-down">
          {error}
        </p>
      ) : value !== null ? (
        <p id={`${id}-hint`} className="text-12 text-muted">
          Sent once with Save; the receiver compares it with the Sign header. Generate copies it to
          the clipboard.
        </p>
      ) : null}
    </div>
  );
}
