/**
 * The icons the pages share, in one module, the app's own mark too (the chart draws its own marks on
 * its canvas). A page's first script carries every icon of this module that any page uses, so an
 * icon of one feature is drawn with `Svg` beside it (the palette's, the converter's, the wallets'
 * pencil, the workspace's layouts). Our own paths rather than an icon library: the pages are at
 * their byte budget, and the same paths from a package would only add its wrapper.
 *
 * Each icon is decorative (`aria-hidden`) and draws in the current colour; a button that shows only
 * an icon names itself (`aria-label`). Stroke caps and joins are left to CSS where a caller wants
 * them rounded (they inherit), so one drawing serves every place.
 */
import type { ReactNode } from 'react';

export type IconProps = {
  /** Width and height in px. */
  size?: number;
  className?: string;
  strokeWidth?: number;
};

/** The drawing every icon shares: a 24-unit square, stroked in the current colour. */
export function Svg({
  size,
  className,
  strokeWidth = 2,
  fill = 'none',
  stroke = 'currentColor',
  viewBox = '0 0 24 24',
  children,
}: IconProps & {
  size: number;
  fill?: string;
  stroke?: string;
  viewBox?: string;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden
      width={size}
      height={size}
      viewBox={viewBox}
      fill={fill}
      stroke={stroke}
      strokeWidth={strokeWidth}
      className={className}
    >
      {children}
    </svg>
  );
}

const EXTERNAL = 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5';
const BELL = 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0';

export const CloseIcon = ({ size = 12, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);

export const CheckIcon = ({ size = 12, strokeWidth = 2.5, ...p }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} {...p}>
    <path d="M5 12l5 5L20 7" />
  </Svg>
);

export const CopyIcon = ({ size = 12, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </Svg>
);

export const DownloadIcon = ({ size = 12, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" />
  </Svg>
);

/** An arrow out of a box: the link leaves this page (an explorer, the pool page). */
export const ExternalIcon = ({ size = 14, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d={EXTERNAL} />
  </Svg>
);

/** A disclosure's chevron (rotate it to show the open state). */
export const ChevronDownIcon = ({ size = 10, strokeWidth = 3, ...p }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} {...p}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

/** The flatter arrow of a native select's stand-in. */
export const SelectArrowIcon = ({ size = 10, strokeWidth = 1.5, ...p }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} viewBox="0 0 10 10" {...p}>
    <path d="M1 3l4 4 4-4" />
  </Svg>
);

/** The alert bell: filled when an alert is armed. */
export const BellIcon = ({ size = 13, filled = false, ...p }: IconProps & { filled?: boolean }) => (
  <Svg size={size} fill={filled ? 'currentColor' : 'none'} {...p}>
    <path d={BELL} strokeLinejoin="round" />
  </Svg>
);

/** Angle brackets: code to put on another site (the embed). */
export const CodeIcon = ({ size = 14, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M8 7l-5 5 5 5M16 7l5 5-5 5" />
  </Svg>
);

/** A level with a plus: the chart's price-line tool. */
export const PriceLineIcon = ({ size = 13, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M2 12h20M18 5v4M16 7h4" />
  </Svg>
);

/** A rising line over its axis: the chart's indicators. */
export const StudiesIcon = ({ size = 14, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M3 17l5-6 4 4 8-9M3 21h18" />
  </Svg>
);

/** Three dots: more tools. */
export const MoreIcon = ({ size = 13, ...p }: IconProps) => (
  <Svg size={size} fill="currentColor" stroke="none" {...p}>
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </Svg>
);

/** A camera: a snapshot of the chart. */
export const CameraIcon = ({ size = 14, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <g strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </g>
  </Svg>
);

/** Corners pointing out (enter fullscreen) or in (leave it). */
export const FullscreenIcon = ({
  size = 14,
  leave = false,
  ...p
}: IconProps & { leave?: boolean }) => (
  <Svg size={size} {...p}>
    <path
      d={
        leave ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'
      }
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </Svg>
);

/** The magnifier of search fields. */
export const SearchIcon = ({ size = 13, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Svg>
);

/** The watchlist star (Markets' tokens, watched pools): filled when the item is watched. */
export const StarIcon = ({ size = 13, filled = false, ...p }: IconProps & { filled?: boolean }) => (
  <Svg size={size} fill={filled ? 'currentColor' : 'none'} {...p}>
    <path
      d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z"
      strokeLinejoin="round"
    />
  </Svg>
);

export const SunIcon = ({ size = 14, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Svg>
);

export const MoonIcon = ({ size = 14, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </Svg>
);

/** The command key (⌘): the palette's launcher on a phone. */
export const CommandIcon = ({ size = 14, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M15 6v12a3 3 0 1 0 3-3H6a3 3 0 1 0 3 3V6a3 3 0 1 0-3 3h12a3 3 0 1 0-3-3" />
  </Svg>
);

/** Four tiles: the workspace. */
export const GridIcon = ({ size = 15, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z" strokeLinejoin="round" />
  </Svg>
);

/** Three sliders: the settings. */
export const SettingsIcon = ({ size = 15, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path
      d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6"
      strokeLinejoin="round"
    />
  </Svg>
);

/** Pulse's own mark: a pulse line on the accent tile. */
export const PulseMark = ({ size = 20 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden>
    <rect width="24" height="24" rx="6" fill="var(--accent)" />
    <path
      d="M4 13h3.5l2-5 3.5 9 2.5-6H20"
      fill="none"
      stroke="#fff"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
