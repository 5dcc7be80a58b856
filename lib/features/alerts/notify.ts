/**
 * Browser notifications for fired alerts. Permission is asked when the trader arms an alert (a
 * click: browsers refuse or hide a request made without one, and a prompt on page load is noise),
 * never before; a denied or missing API leaves the in-app toast alone.
 */
export type NotifyPermission = NotificationPermission | 'unsupported';

export function notifyPermission(): NotifyPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks once, at the moment it matters; what was already decided is not asked again. */
export async function askNotifyPermission(): Promise<NotifyPermission> {
  const now = notifyPermission();
  if (now !== 'default') return now;
  try {
    return await Notification.requestPermission();
  } catch {
    return notifyPermission();
  }
}

/** Shows a notification when allowed; `tag` makes two tabs firing the same alert show one. */
export function showNotification(title: string, body: string, tag: string): boolean {
  if (notifyPermission() !== 'granted') return false;
  try {
    const n = new Notification(title, { body, tag, icon: '/icon.svg' });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    return true;
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
    return false;
  }
}
