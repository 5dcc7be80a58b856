// @vitest-environment happy-dom
/**
 * The add-addresses form is a mutation: while the add is in flight its button says so and is
 * disabled; a refusal in the tx envelope is shown as the service worded it, the paste kept for a
 * correction; a success says how many were added, clears the paste and marks every `contains`
 * answer stale so the list re-asks.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddAddressesForm } from '@/components/wallets/add-addresses-form';
import { txKeys } from '@/lib/features/wallets/queries';
import { renderWithQueries } from '../../support/dom';
import { later, ok, stubGateway } from '../gateway-stub';

const ADDRESS = '0x1111111111111111111111111111111111111111';

function setup(answer: () => ReturnType<typeof later>['reply'] | ReturnType<typeof ok>) {
  const calls = stubGateway([['POST', /^\/addresses$/, answer]]);
  const view = renderWithQueries(<AddAddressesForm />);
  // A `contains` answer already in the cache: a success must mark it stale.
  view.client.setQueryData([...txKeys.contains, 'ethereum', ADDRESS], { is_exist: false });
  const addButton = () =>
    screen.getByRole<HTMLButtonElement>('button', { name: /Add to monitored list|Adding…/ });
  const paste = screen.getByLabelText<HTMLTextAreaElement>('Addresses');
  fireEvent.change(paste, { target: { value: ADDRESS } });
  return { ...view, calls, addButton, paste };
}

describe('AddAddressesForm: the add is a mutation', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  afterEach(() => cleanup());

  it('says "Adding…" and is disabled while the add is in flight, then reports it and clears the paste', async () => {
    const pending = later();
    const { client, calls, addButton, paste } = setup(() => pending.reply);
    await waitFor(() => expect(addButton().disabled).toBe(false));
    fireEvent.click(addButton());
    await waitFor(() => expect(addButton().textContent).toContain('Adding…'));
    expect(addButton().disabled).toBe(true);
    expect(calls.find((c) => c.path === '/addresses')?.body).toEqual({
      wallets: [{ chain_type: 'ethereum', address: [ADDRESS] }],
    });

    pending.answer(ok('success'));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Added 1 address to the monitored list (ethereum).',
    );
    expect(addButton().textContent).toContain('Add to monitored list');
    expect(paste.value).toBe('');
    expect(client.getQueryState([...txKeys.contains, 'ethereum', ADDRESS])?.isInvalidated).toBe(
      true,
    );
  });

  it('shows the refusal in the tx envelope and keeps the paste', async () => {
    const { client, addButton, paste } = setup(() => ({
      status: 400,
      body: { code: 40001, message: 'address: invalid format for chain ethereum', data: null },
    }));
    await waitFor(() => expect(addButton().disabled).toBe(false));
    fireEvent.click(addButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'address: invalid format for chain ethereum',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(paste.value).toBe(ADDRESS);
    expect(paste.getAttribute('aria-invalid')).toBe('true');
    expect(client.getQueryState([...txKeys.contains, 'ethereum', ADDRESS])?.isInvalidated).toBe(
      false,
    );
  });

  it('refuses an empty paste without sending anything', async () => {
    const { calls, addButton, paste } = setup(() => ok('success'));
    fireEvent.change(paste, { target: { value: '' } });
    await waitFor(() => expect(addButton().disabled).toBe(false));
    fireEvent.click(addButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Enter at least one address.');
    expect(calls.some((c) => c.path === '/addresses')).toBe(false);
  });
});
