/**
 * The row of a pool's latest trades that the pool page's table and the widget's list both draw
 * (lib/chart/trades/trade-row.ts): the reading of buy or sell, figures in the shown money, the
 * time in the chosen zone, the live flash and where the trader and transaction lead.
 */
import { describe, expect, it } from 'vitest';
import { tradeRowView, type TradeRowMoney } from '@/lib/chart/trades/trade-row';
import { USD, type FiatFormat, type Numeric } from '@/lib/core/format/number';
import { TRADER, WETH_USDC, trade } from './pool-trade-fixture';

const IN_USD: TradeRowMoney = { format: USD, of: (usd) => usd };
const EUR: FiatFormat = { code: 'EUR', symbol: '€', precision: 2 };
const IN_EUR: TradeRowMoney = { format: EUR, of: (usd: Numeric) => Number(usd) * 0.5 };
const USD_PRICES = { base: '3100', quote: '1' };

describe('tradeRowView', () => {
  it('a buy: its side, tone, price and value in USD, amounts and the time in the zone', () => {
    const row = tradeRowView(trade('buy'), WETH_USDC, USD_PRICES, {
      money: IN_USD,
      tz: 'utc',
      fresh: false,
    });
    expect(row).toMatchObject({
      key: 'ethereum:1:0xfeed',
      side: 'buy',
      sideText: { arrow: '▲', word: 'Buy' },
      tone: 'up',
      flash: null,
      time: '22:13:20',
      iso: '2023-11-14T22:13:20.000Z',
      price: '$3,100.00',
      base: '2',
      quote: '6.20K',
      value: '$6.20K',
    });
  });

  it('writes the clock in the chosen zone, not the browser’s', () => {
    const row = tradeRowView(trade('buy'), WETH_USDC, USD_PRICES, {
      money: IN_USD,
      tz: 'Asia/Kolkata',
      fresh: false,
    });
    expect(row.time).toBe('03:43:20');
  });

  it('a sell is down; figures follow the shown money (converted, with its symbol)', () => {
    const row = tradeRowView(trade('sell'), WETH_USDC, USD_PRICES, {
      money: IN_EUR,
      tz: 'utc',
      fresh: false,
    });
    expect(row.side).toBe('sell');
    expect(row.sideText).toEqual({ arrow: '▼', word: 'Sell' });
    expect(row.tone).toBe('down');
    expect(row.price).toBe('€1,550.00');
    expect(row.value).toBe('€3.10K');
  });

  it('a live trade flashes once in its side’s colour', () => {
    const opts = { money: IN_USD, tz: 'utc', fresh: true } as const;
    expect(tradeRowView(trade('buy'), WETH_USDC, USD_PRICES, opts).flash).toBe('up');
    expect(tradeRowView(trade('sell'), WETH_USDC, USD_PRICES, opts).flash).toBe('down');
  });

  it('the trader and the transaction lead where the caller says', () => {
    const row = tradeRowView(trade('buy'), WETH_USDC, USD_PRICES, {
      money: IN_USD,
      tz: 'utc',
      fresh: false,
      traderHref: (a) => `/wallets/${a}`,
      txHref: (h) => `https://etherscan.io/tx/${h}`,
    });
    expect(row.trader).toEqual({ address: TRADER, href: `/wallets/${TRADER}` });
    expect(row.tx).toEqual({ hash: '0xfeed', href: 'https://etherscan.io/tx/0xfeed' });
  });

  it('a trade that touches the pool in no way we read: no side, muted, no price or value', () => {
    const row = tradeRowView(
      trade('buy', { token_transfers: [], tx_time: 0 }),
      WETH_USDC,
      { base: null, quote: null },
      { money: IN_USD, tz: 'utc', fresh: true },
    );
    expect(row).toMatchObject({
      side: null,
      sideText: null,
      tone: 'muted',
      flash: 'up',
      time: '—',
      iso: null,
      price: '—',
      value: '—',
      base: '—',
    });
    expect(row.tx.href).toBeUndefined();
  });
});
