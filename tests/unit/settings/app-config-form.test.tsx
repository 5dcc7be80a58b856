// @vitest-environment happy-dom
/**
 * The app configuration form saves with a mutation: Save says "Saving…" and is disabled while the
 * PUT is in flight, only the changed fields are sent, a success reloads the configuration and says
 * when it was saved; a refusal that names a field is shown under that field, as the service worded it.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppConfigPanel } from '@/components/settings/app-config-form';
import type { AppConfig } from '@/lib/contracts/tx/schema';
import { renderWithQueries } from '../../support/dom';
import { later, ok, stubGateway, type Reply } from '../gateway-stub';

const CONFIG: AppConfig = {
  app_id: 'app-1',
  enable_ws: true,
  enable_webhook: false,
  webhook_url: '',
  ws_ack_resend_interval_seconds: 30,
  is_active: true,
  webhook_delivery_status: 'active',
  webhook_retrying_since: null,
  webhook_last_failed_transaction_id: null,
  webhook_last_failure_reason: '',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};
const URL_TYPED = 'https://hooks.example.com/tx';

function setup(save: () => Reply | Promise<Reply>) {
  let current = CONFIG;
  const calls = stubGateway([
    ['GET', /^\/app\/config$/, () => ok(current)],
    [
      'PUT',
      /^\/app\/config$/,
      async () => {
        const reply = await save();
        if (reply.status === undefined)
          current = { ...current, webhook_url: URL_TYPED, updated_at: '2026-11-27T06:00:00Z' };
        return reply;
      },
    ],
  ]);
  renderWithQueries(<AppConfigPanel />);
  const saveButton = () =>
    screen.getByRole<HTMLButtonElement>('button', { name: /Save changes|Saving…/ });
  return { calls, saveButton };
}

async function typeUrl() {
  const url = await screen.findByLabelText<HTMLInputElement>('Webhook URL');
  fireEvent.change(url, { target: { value: URL_TYPED } });
  return url;
}

describe('AppConfigPanel: the save is a mutation', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  afterEach(() => cleanup());

  it('says "Saving…" while the PUT is in flight, sends only the change, then says it was saved', async () => {
    const pending = later();
    const { calls, saveButton } = setup(() => pending.reply);
    await typeUrl();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().textContent).toBe('Saving…'));
    expect(saveButton().disabled).toBe(true);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ webhook_url: URL_TYPED });

    pending.answer(ok('success'));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Saved at \d/);
    // Reloaded: the form now starts from the saved configuration, so nothing is unsaved.
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/app/config')).toHaveLength(2);
    expect((await screen.findByLabelText<HTMLInputElement>('Webhook URL')).value).toBe(URL_TYPED);
    expect(saveButton().textContent).toBe('Save changes');
    expect(saveButton().disabled).toBe(true);
  });

  it('shows a refusal that names the URL under the URL field, and keeps the draft', async () => {
    const message = 'webhook_url must be a public https URL';
    const { saveButton } = setup(() => ({
      status: 400,
      body: { code: 40001, message, data: null },
    }));
    const url = await typeUrl();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(document.getElementById('cfg-url-error')?.textContent).toBe(message),
    );
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(url.value).toBe(URL_TYPED);
    expect(screen.queryByRole('status')).toBeNull();
    expect(saveButton().textContent).toBe('Save changes');
    expect(saveButton().disabled).toBe(false);
  });
});
