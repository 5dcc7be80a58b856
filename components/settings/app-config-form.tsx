'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/empty-state';
import { Field, TextInput } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/client/api';
import { txKeys, appConfigQuery, saveAppConfig } from '@/lib/features/wallets/queries';
import type { AppConfig, AppConfigUpdate } from '@/lib/contracts/tx/schema';
import {
  draftOf,
  errorsFromServer,
  patchOf,
  validateDraft,
  type ConfigDraft,
  type ConfigErrors,
} from '@/lib/features/wallets/config-form';
import { SecretField } from './secret-field';
import { useAccess } from './use-access';
import { MASKED_PATH } from '@/lib/core/masked';
import { usePrefs } from '@/lib/client/stores/prefs';
import { formatClock, formatIsoDateTime } from '@/lib/features/wallets/time';

type SwitchField = 'enable_ws' | 'enable_webhook' | 'is_active';
const SWITCHES: Record<SwitchField, { id: string; label: string; description: string }> = {
  enable_ws: {
    id: 'cfg-ws',
    label: 'WebSocket push',
    description:
      "Pushes matched transactions to connected WebSocket clients (this dashboard's live feed).",
  },
  enable_webhook: {
    id: 'cfg-webhook',
    label: 'Webhook push',
    description: 'POSTs matched transactions to the webhook URL.',
  },
  is_active: {
    id: 'cfg-active',
    label: 'Application active',
    description: 'Off stops every WebSocket push and webhook call; connections are still accepted.',
  },
};
const PUSH_SWITCHES = ['enable_ws', 'enable_webhook'] as const;

/** One on/off setting of the configuration, bound to its field of the draft. */
function ConfigSwitch({
  field,
  draft,
  onChange,
}: {
  field: SwitchField;
  draft: ConfigDraft;
  onChange: (patch: Partial<ConfigDraft>) => void;
}) {
  return (
    <Switch
      {...SWITCHES[field]}
      checked={draft[field]}
      onChange={(v) => onChange({ [field]: v })}
    />
  );
}

export function AppConfigPanel() {
  const config = useQuery(appConfigQuery);
  // Kept here: the form remounts with the saved configuration (keyed by updated_at).
  const [note, setNote] = useState<string | null>(null);
  return (
    <Panel
      title="App configuration"
      actions={
        config.data && <span className="font-mono text-2xs text-muted">{config.data.app_id}</span>
      }
    >
      {config.data ? (
        <ConfigForm
          key={config.data.updated_at}
          config={config.data}
          note={note}
          onNote={setNote}
        />
      ) : config.isError ? (
        <LoadError
          title={`The configuration could not be loaded: ${config.error.message}`}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-4 p-3" aria-busy>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={20} className="w-full" />
          ))}
        </div>
      )}
    </Panel>
  );
}

function ConfigForm({
  config,
  note,
  onNote,
}: {
  config: AppConfig;
  note: string | null;
  onNote: (note: string | null) => void;
}) {
  const client = useQueryClient();
  const zone = usePrefs((s) => s.tz);
  const { canChange, reason } = useAccess();
  const [draft, setDraft] = useState<ConfigDraft>(() => draftOf(config));
  const [checked, setChecked] = useState<ConfigErrors>({});
  const save = useMutation({
    mutationFn: (change: AppConfigUpdate) => saveAppConfig(change),
    onSuccess: async (_, change) => {
      const secretNote =
        'webhook_secret' in change
          ? change.webhook_secret === null
            ? ' The secret was cleared.'
            : ' The secret was set; it will not be shown again.'
          : '';
      setDraft((d) => ({ ...d, secret: null, clearSecret: false }));
      onNote(`Saved at ${formatClock(Date.now() / 1000, zone)}.${secretNote}`);
      await client.invalidateQueries({ queryKey: txKeys.all });
    },
  });
  const busy = save.isPending;
  // A refusal is shown until the next submit or Discard (both reset the mutation).
  const errors: ConfigErrors = !save.error
    ? checked
    : save.error instanceof ApiError
      ? errorsFromServer(save.error.message)
      : { form: 'The configuration could not be saved.' };
  const patch = patchOf(config, draft);
  const dirty = Object.keys(patch).length > 0;
  const set = (p: Partial<ConfigDraft>) => {
    setDraft((d) => ({ ...d, ...p }));
    onNote(null);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateDraft(draft);
    setChecked(found);
    save.reset();
    if (Object.keys(found).length > 0 || !dirty) return;
    save.mutate(patch);
  }

  const receiver = typeof window === 'undefined' ? '' : `${window.location.origin}/api/webhooks/tx`;

  return (
    <form onSubmit={submit} noValidate aria-label="App configuration" className="px-3 pb-3">
      {!canChange && (
        <p
          role="note"
          data-testid="read-only-reason"
          className="mb-2 mt-1 rounded border border-border bg-raised/60 px-2 py-1.5 text-12 text-muted"
        >
          Read-only: {reason ?? 'changes are not allowed here.'}
        </p>
      )}
      {/* Read-only: every control is disabled, not only Save (a fieldset disables them all). */}
      <fieldset disabled={!canChange} className="m-0 min-w-0 border-0 p-0">
        <div className="divide-y divide-border/60">
          {PUSH_SWITCHES.map((field) => (
            <ConfigSwitch key={field} field={field} draft={draft} onChange={set} />
          ))}
          <div className="py-2">
            <Field
              id="cfg-url"
              label="Webhook URL"
              error={errors.webhook_url}
              hint={
                <span>
                  This dashboard&apos;s receiver:{' '}
                  <button
                    type="button"
                    className="break-all text-left font-mono text-accent hover:underline"
                    onClick={() => set({ webhook_url: receiver })}
                  >
                    {receiver || '/api/webhooks/tx'}
                  </button>{' '}
                  (public HTTPS deployments; it checks Sign against WEBHOOK_SECRET).
                  {draft.webhook_url.endsWith(MASKED_PATH) && (
                    <span className="block">
                      Its path is hidden: only the admin sees the full URL.
                    </span>
                  )}
                </span>
              }
            >
              <TextInput
                id="cfg-url"
                type="url"
                inputMode="url"
                spellCheck={false}
                placeholder="https://…"
                value={draft.webhook_url}
                aria-invalid={!!errors.webhook_url}
                aria-describedby={errors.webhook_url ? 'cfg-url-error' : 'cfg-url-hint'}
                onChange={(e) => set({ webhook_url: e.target.value })}
              />
            </Field>
          </div>
          <SecretField
            value={draft.secret}
            clearing={draft.clearSecret}
            error={errors.webhook_secret}
            disabled={!canChange}
            onChange={(secret) => set({ secret, clearSecret: false })}
            onClear={(clearSecret) => set({ clearSecret, secret: null })}
          />
          <div className="py-2">
            <Field
              id="cfg-ack"
              label="ACK resend interval (seconds)"
              error={errors.ws_ack_resend_interval_seconds}
              hint="How often unacknowledged pushes are sent again to WebSocket clients."
            >
              <TextInput
                id="cfg-ack"
                type="number"
                min={1}
                inputMode="numeric"
                className="w-32"
                value={draft.ws_ack_resend_interval_seconds}
                aria-invalid={!!errors.ws_ack_resend_interval_seconds}
                aria-describedby={
                  errors.ws_ack_resend_interval_seconds ? 'cfg-ack-error' : 'cfg-ack-hint'
                }
                onChange={(e) => set({ ws_ack_resend_interval_seconds: e.target.value })}
              />
            </Field>
          </div>
          <ConfigSwitch field="is_active" draft={draft} onChange={set} />
        </div>
      </fieldset>
      <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-border pt-3">
        <Button
          type="submit"
          variant="primary"
          disabled={!canChange || busy || !dirty}
          title={canChange ? undefined : (reason ?? undefined)}
        >
          {busy ? 'Saving…' : 'Save changes'}
        </Button>
        <Button
          variant="ghost"
          disabled={!dirty || busy}
          onClick={() => {
            setDraft(draftOf(config));
            setChecked({});
            save.reset();
          }}
        >
          Discard
        </Button>
        {dirty && !busy && (
          <Badge tone="warn">
            Unsaved:{' '}
            {Object.keys(patch)
              .map((k) => k.replace('webhook_secret', 'secret'))
              .join(', ')}
          </Badge>
        )}
        {note && !dirty && (
          <span role="status" className="text-12 text-up">
            {note}
          </span>
        )}
        {errors.form && (
          <span role="alert" className="text-12 text-down">
            {errors.form}
          </span>
        )}
      </div>
      <p className="mt-2 text-12 text-muted">
        Created {formatIsoDateTime(config.created_at, zone)} · updated{' '}
        {formatIsoDateTime(config.updated_at, zone)}
      </p>
    </form>
  );
}
