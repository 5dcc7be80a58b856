import type { Metadata } from 'next';
import { AlertsView } from '@/components/alerts/alerts-view';
import { ServerAlerts } from '@/components/alerts/server-alerts';

export const metadata: Metadata = { title: 'Alerts' };

/** The price alerts of this browser (localStorage), and the copy the server holds for push. */
export default function Page() {
  return (
    <>
      <AlertsView />
      <ServerAlerts />
    </>
  );
}
