/** localStorage keys, importable from server components (the pre-paint theme script) too. */
export const PREFS_STORAGE_KEY = 'pulse-prefs';
export const WATCHLIST_STORAGE_KEY = 'pulse-watchlist';
export const LABELS_STORAGE_KEY = 'pulse-labels';
export const WALLETS_STORAGE_KEY = 'pulse-wallets';
export const POOL_WATCHLIST_STORAGE_KEY = 'pulse-pool-watchlist';
export const PALETTE_STORAGE_KEY = 'pulse-palette';
