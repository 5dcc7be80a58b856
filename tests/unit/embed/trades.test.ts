// @vitest-environment happy-dom
/**
 * The widget's trade list (lib/embed/trades.ts) draws the rows the pool page's table draws: their
 * content comes from lib/chart/trades/trade-row.ts, so a row here says what tradeRowView says
 * (in the widget's compact columns, in USD), a live trade flashes once, and text is escaped.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountTrades } from '@/lib/embed/trades';
import { USD } from '@/lib/core/format/number';
import { tradeRowView } from '@/lib/chart/trades/trade-row';
import type { PoolSummary } from '@/lib/features/pools/summary';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { POOL, trade } from '../chart/pool-trade-fixture';

const token = (address: string, symbol: string) => ({ address, symbol, name: symbol, image: '' });
const SUMMARY: PoolSummary = {
  name: 'WETH / USDC',
  address: POOL,
  network: 'eth',
  dex: 'uniswap_v3',
  base: token('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', 'WETH'),
  quote: token('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'USDC'),
  baseUsd: '3100',
  quoteUsd: '1',
  change24h: '0',
  volume24h: '0',
  liquidity: '0',
};
const REF: PoolRef = { chainType: 'evm', chainId: 1, address: POOL };

function serveTrades(items: unknown[]) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(JSON.stringify({ code: 0, message: 'ok', data: { items } }), {
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
}

const cells = (tr: Element) => [...tr.querySelectorAll('td')].map((td) => td.textContent);

describe('the widget’s trade list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws each row from the shared row content, and flashes a live trade once', async () => {
    serveTrades([trade('buy', { tx_hash: '0x1' })]);
    const section = document.createElement('section');
    const onMessage = mountTrades(section, REF, SUMMARY, 'utc', () => '1');
    await vi.waitFor(() => expect(section.querySelectorAll('tbody tr td[title]')).toHaveLength(1));

    const shared = tradeRowView(
      trade('buy', { tx_hash: '0x1' }),
      SUMMARY,
      { base: '3100', quote: '1' },
      { money: { format: USD, of: (v) => v }, tz: 'utc', fresh: false },
    );
    const [first] = section.querySelectorAll('tbody tr');
    expect(cells(first!)).toEqual([
      shared.time,
      `${shared.sideText?.arrow}${shared.sideText?.word}`,
      shared.price,
      shared.base,
      shared.value,
    ]);
    expect(first!.querySelector('td')?.getAttribute('title')).toBe(shared.iso);
    expect(first!.className).toBe('');

    onMessage({
      kind: 'event',
      event: 'trade',
      data: {
        ...trade('sell', { tx_hash: '0x2', tx_time: 1_700_000_060 }),
        id: 2,
        topic: 'trades:x',
      },
    });
    const rows = section.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.className).toBe('flash-down');
    expect(cells(rows[0]!).slice(0, 2)).toEqual(['22:14:20', '▼Sell']);
    expect(rows[0]!.querySelector('td.down')).not.toBeNull();
  });
});
