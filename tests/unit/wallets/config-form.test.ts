import { describe, expect, it } from 'vitest';
import {
  MAX_SECRET_LENGTH,
  validateDraft,
  type ConfigDraft,
} from '@/lib/features/wallets/config-form';

const draft = (over: Partial<ConfigDraft> = {}): ConfigDraft => ({
  enable_ws: true,
  enable_webhook: false,
  webhook_url: '',
  ws_ack_resend_interval_seconds: '30',
  is_active: true,
  secret: null,
  clearSecret: false,
  ...over,
});

describe('app config form: the write-only secret', () => {
  it('accepts printable ASCII up to the maximum length', () => {
    expect(validateDraft(draft({ secret: 'Tr0ub4dor&3 ~!@#$%^*()' }))).toEqual({});
    expect(validateDraft(draft({ secret: 'x'.repeat(MAX_SECRET_LENGTH) }))).toEqual({});
  });

  it('refuses an empty, too long or non-ASCII secret before anything is sent', () => {
    expect(validateDraft(draft({ secret: '  ' })).webhook_secret).toMatch(/Enter the new secret/);
    expect(
      validateDraft(draft({ secret: 'x'.repeat(MAX_SECRET_LENGTH + 1) })).webhook_secret,
    ).toMatch(/At most/);
    expect(validateDraft(draft({ secret: 's3cr3t-Ω-long-enough-1' })).webhook_secret).toMatch(
      /Sign header/,
    );
    expect(validateDraft(draft({ secret: 'tab\there-long-enough-1' })).webhook_secret).toMatch(
      /Sign header/,
    );
    // Short secrets are guessable: 16 characters at least; a day at most between ACK resends.
    expect(validateDraft(draft({ secret: 'abcde' })).webhook_secret).toMatch(/At least 16/);
    expect(validateDraft(draft({ secret: 'x'.repeat(16) })).webhook_secret).toBeUndefined();
    expect(
      validateDraft(draft({ ws_ack_resend_interval_seconds: '999999999' }))
        .ws_ack_resend_interval_seconds,
    ).toMatch(/from 1 to 86,400/);
    expect(
      validateDraft(draft({ ws_ack_resend_interval_seconds: '86400' }))
        .ws_ack_resend_interval_seconds,
    ).toBeUndefined();
  });

  it('leaves the secret alone when it is not being set', () => {
    expect(validateDraft(draft({ secret: null })).webhook_secret).toBeUndefined();
  });
});
