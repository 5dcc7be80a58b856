// @vitest-environment happy-dom
/**
 * "Export CSV" of a live table: the dialog holds the rows of the moment it was opened, so the
 * count it says and the file it saves agree even while new rows arrive behind it; a new opening
 * takes the rows of its own moment.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CsvExport } from '@/components/ui/csv-export';

const saved = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('@/lib/client/download', () => ({
  downloadText: (name: string, text: string) => saved.push({ name, text }),
}));

interface Row {
  id: string;
  time: number;
}
const rowsOf = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `t${i}`, time: 1_700_000_000 + i }));

/** `price`: what the reader writes beside each row, as a live price would (read at the press). */
function table(rows: readonly Row[], price = '') {
  return (
    <CsvExport<Row>
      noun="trades"
      fileName="trades-WETH-USDC"
      rows={rows}
      timeOf={(r) => r.time}
      toCsv={(rs) => rs.map((r) => r.id + price).join('\r\n')}
    />
  );
}

describe('CsvExport of a live table', () => {
  afterEach(() => {
    cleanup();
    saved.length = 0;
  });

  it('saves the rows of the moment it was opened, as its count says, while the table grows', async () => {
    const view = render(table(rowsOf(2)));
    fireEvent.click(screen.getByRole('button', { name: 'Export trades as CSV' }));
    // The dialog's code loads at the first press (a dynamic import): on a busy machine that takes
    // longer than Testing Library's one-second default.
    const download = await screen.findByRole(
      'button',
      { name: 'Download 2 rows' },
      { timeout: 10_000 },
    );
    // A live trade arrives while the dialog is open.
    view.rerender(table(rowsOf(3)));
    expect(screen.getByTestId('csv-count').textContent).toBe('2 of 2 trades in range.');
    fireEvent.click(download);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.text.split('\r\n')).toEqual(['t0', 't1']);

    // Opened again: the rows of this moment.
    fireEvent.click(screen.getByRole('button', { name: 'Export trades as CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('csv-count').textContent).toBe('3 of 3 trades in range.'),
    );
  });

  it('reads the rows with the reader of the moment it was opened, not a later one', async () => {
    const view = render(table(rowsOf(2), '@100'));
    fireEvent.click(screen.getByRole('button', { name: 'Export trades as CSV' }));
    const download = await screen.findByRole(
      'button',
      { name: 'Download 2 rows' },
      { timeout: 10_000 },
    );
    // The live price moves while the dialog is open: the table's reader changes.
    view.rerender(table(rowsOf(2), '@101'));
    fireEvent.click(download);
    expect(saved[0]!.text.split('\r\n')).toEqual(['t0@100', 't1@100']);
  });
});
