import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import '@fontsource-variable/inter';
import './globals.css';
import { PREFS_STORAGE_KEY } from '@/lib/client/stores/keys';

export const metadata: Metadata = {
  title: { default: 'Pulse · live markets, pools and wallets', template: '%s · Pulse' },
  description: 'Live token prices, DEX pool charts and wallet activity.',
};

export const viewport: Viewport = {
  themeColor: '#0b0e14',
  width: 'device-width',
  initialScale: 1,
};

// Runs before first paint so a light-theme user never sees a dark flash (and vice versa). The embed
// widget takes its theme from its own URL, never from the dashboard's stored preference.
const themeScript = `try{if(location.pathname.indexOf('/embed/')!==0){var p=JSON.parse(localStorage.getItem(${JSON.stringify(PREFS_STORAGE_KEY)})||'{}');var t=p&&p.state&&p.state.theme;if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}}catch(e){}`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The Content-Security-Policy's nonce (proxy.ts): without it the browser would not run this script.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en" data-theme="dark" suppressHydrationWarning>
      <head>
        {/* Inline, not next/script: it must run before first paint, and next/script would add its
            loader to every page's JavaScript, the embed widget's included. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen bg-bg font-sans text-text antialiased">{children}</body>
    </html>
  );
}
