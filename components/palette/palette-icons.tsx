/**
 * The palette's own icons: what a row is (a pool, a transaction, a wallet, its history, a page).
 * Drawn like the shared ones (components/ui/icons.tsx), kept here so no page's first script carries
 * them: the palette loads when it is opened.
 */
import { Svg, type IconProps } from '@/components/ui/icons';

/** Bars of a pool's activity. */
export const PoolIcon = ({ size = 12, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M4 18h16M6 18V9m6 9V5m6 13v-7" />
  </Svg>
);

/** Two arrows that swap: a transaction. */
export const TxIcon = ({ size = 12, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M7 7h13l-4-4M17 17H4l4 4" />
  </Svg>
);

export const WalletIcon = ({ size = 12, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M3 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H3zM3 7l12-4v4M16 14h1" />
  </Svg>
);

/** A clock turning back: a wallet's history. */
export const HistoryIcon = ({ size = 12, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M12 7v5l3 2M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5" />
  </Svg>
);

/** A chevron to the right: go to a page. */
export const PageIcon = ({ size = 12, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);
