/**
 * Deliveries of the in-process simulator to this app's own receiver, handed over without a network
 * connection (the simulator may connect to no loopback address). The operator's application is held
 * to WEBHOOK_SECRET as over HTTP; a demo sandbox's delivery carries the sandbox's own secret and goes
 * to that sandbox's live feed only.
 */
import 'server-only';
import { getEnv } from '../../config/env';
import { getStreamSource } from '../stream/server';
import { setOwnReceiver } from '../../sim/in-process';
import { isOwnReceiver } from './own-url';
import { checkSign, parseWebhookBody, receiveTransactions } from './receiver';

/** Hands the built-in simulator's deliveries to our own receiver over in process (called at start). */
export function installOwnReceiver(): void {
  setOwnReceiver((url, delivery) => (isOwnReceiver(url) ? deliverOwn(delivery) : null));
}

async function deliverOwn(delivery: {
  sandbox: string;
  sign: string;
  body: string;
}): Promise<{ status: number }> {
  if (!delivery.sandbox && !checkSign(delivery.sign, getEnv().WEBHOOK_SECRET).ok)
    return { status: 401 };
  const parsed = parseWebhookBody(delivery.body);
  if (!parsed.ok) return { status: 400 };
  const source = getStreamSource();
  await receiveTransactions(parsed.txs, (tx) => source.ingest(delivery.sandbox || undefined, tx));
  return { status: 200 };
}
