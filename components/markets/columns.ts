import type { SortKey } from '@/lib/features/markets/table';

export interface Column {
  key: SortKey;
  label: string;
  /** a shorter header on narrow screens is not needed: the table scrolls sideways */
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** The Markets table's columns after the pinned token column, in order. */
export const COLUMNS: readonly Column[] = [
  {
    key: 'price',
    label: 'Price',
    title: 'Latest price in the display currency',
    width: 128,
    align: 'right',
  },
  {
    key: 'chain',
    label: 'Chain',
    title: 'The chain of this token record',
    // "BNB Smart Chain" and "Arbitrum One" whole, with the icon
    width: 160,
    align: 'left',
  },
  {
    key: 'percent_change_1h',
    label: '1h',
    title: 'Price change over 1 hour',
    width: 76,
    align: 'right',
  },
  {
    key: 'percent_change_24h',
    label: '24h',
    title: 'Price change over 24 hours',
    width: 76,
    align: 'right',
  },
  {
    key: 'percent_change_7d',
    label: '7d',
    title: 'Price change over 7 days',
    width: 76,
    align: 'right',
  },
  {
    key: 'percent_change_30d',
    label: '30d',
    title: 'Price change over 30 days',
    width: 80,
    align: 'right',
  },
  {
    key: 'market_cap',
    label: 'Market cap',
    title: 'Market capitalisation',
    width: 112,
    align: 'right',
  },
  {
    key: 'volume_24h',
    label: 'Volume 24h',
    title: 'Traded volume over 24 hours',
    width: 112,
    align: 'right',
  },
  {
    key: 'fully_diluted_valuation',
    label: 'FDV',
    title: 'Fully diluted valuation',
    width: 112,
    align: 'right',
  },
  {
    key: 'circulating_supply',
    label: 'Circulating',
    title: 'Circulating supply',
    width: 140,
    align: 'right',
  },
];

/**
 * The pinned token column's narrowest width, on a small phone (the `<col>` classes in
 * token-table.tsx widen it to 196 px from 400 px and 264 px from `sm`).
 */
export const TOKEN_COLUMN_MIN_WIDTH = 148;
export const ROW_HEIGHT = 36;
