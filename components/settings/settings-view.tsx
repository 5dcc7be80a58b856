'use client';
import { ServicePageHeader } from './access-notice';
import { AppConfigPanel } from './app-config-form';
import { DeliveryPanel } from './delivery-panel';
import { PreferencesPanel } from './preferences-panel';
import { TestEventPanel } from './test-event-panel';
import { WsPanel } from './ws-panel';

/**
 * /settings: this browser's display preferences, then the monitoring service's app configuration,
 * webhook delivery and WebSocket status.
 */
export function SettingsView() {
  return (
    <>
      <ServicePageHeader
        title="Settings"
        subtitle="Display preferences, and webhook and WebSocket delivery of the monitoring service."
      />
      <div className="grid items-start gap-3 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-3">
          <PreferencesPanel />
          <AppConfigPanel />
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <DeliveryPanel />
          <TestEventPanel />
          <WsPanel />
        </div>
      </div>
    </>
  );
}
