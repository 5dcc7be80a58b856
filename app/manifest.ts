import type { MetadataRoute } from 'next';

/**
 * The web app manifest (`/manifest.webmanifest`, linked from every page by Next): Pulse installs as
 * an app of its own window, with the icons of public/icons/ (maskable ones fill a phone's shapes).
 * Served outside proxy.ts, so it loads for anyone, also with DASHBOARD_ACCESS=private.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Pulse · live markets, pools and wallets',
    short_name: 'Pulse',
    description:
      'Live token prices, DEX pool charts and wallet activity, with alerts that reach you.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0b0e14',
    theme_color: '#0b0e14',
    categories: ['finance'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
