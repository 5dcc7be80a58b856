'use client';
/** A short tone or a browser notification for new transactions, when the user asked for one. */
let audio: AudioContext | null = null;
let lastAlertAt = 0;
const MIN_GAP_MS = 2_000;

function beep(): void {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'sine';
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.12, audio.currentTime + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.18);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.2);
  } catch {
    // No audio device or the page has not been interacted with: stay silent.
  }
}

function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/** At most one alert every two seconds, however many transactions arrive. */
export function alertNewTransactions(
  mode: 'off' | 'sound' | 'notify',
  count: number,
  summary: string,
): void {
  if (mode === 'off' || count <= 0) return;
  const now = Date.now();
  if (now - lastAlertAt < MIN_GAP_MS) return;
  lastAlertAt = now;
  if (mode === 'sound') {
    beep();
    return;
  }
  if (notificationsSupported() && Notification.permission === 'granted') {
    new Notification(count === 1 ? 'New transaction' : `${count} new transactions`, {
      body: summary,
      tag: 'pulse-tx',
      silent: false,
    });
  }
}
