import type { Metadata } from 'next';
import { AlertsView } from '@/components/alerts/alerts-view';

export const metadata: Metadata = { title: 'Alerts' };

/** The price alerts of this browser: nothing on the server knows them, the view reads localStorage. */
export default function Page() {
  return <AlertsView />;
}
