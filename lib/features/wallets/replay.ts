/**
 * "Send test event": a full `transaction` push message (tx-service.md, WebSocket push) built from a
 * real transaction of a monitored address, for POST transaction/ws/replay.
 */
import { txIdentity } from '../../contracts/tx/identity';
import type { TransactionDetail, TransferRecord } from '../../contracts/tx/schema';

export interface ReplayMessage {
  id: string;
  time: number;
  type: 'transaction';
  code: 0;
  msg: 'success';
  data: TransactionDetail & { listenAddress: string[]; is_reorg_resend: false };
}

export function replayMessage(
  tx: TransferRecord | TransactionDetail,
  wallet: string,
  now = Date.now(),
): ReplayMessage {
  // The cursor id is the service's own bookkeeping, not part of a push.
  const { id: _id, ...detail } = tx;
  return {
    id: `replay-${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    time: now,
    type: 'transaction',
    code: 0,
    msg: 'success',
    data: { ...detail, listenAddress: [wallet], is_reorg_resend: false },
  };
}

/**
 * Which record to replay. The dashboard's stream relays each transaction once (seed deduplication),
 * so a transaction the feed already showed would fire the webhook but not the feed. The newest record
 * at least `minAgeSec` old that this tab has neither shown nor replayed is the best bet.
 */
export function pickReplayCandidate(
  records: readonly TransferRecord[],
  skip: ReadonlySet<string>,
  nowSec: number,
  minAgeSec = 3600,
): TransferRecord | null {
  const usable = records.filter((r) => r.tx_status === 'success' && !skip.has(txIdentity(r)));
  return (
    usable.find((r) => r.tx_time !== null && nowSec - r.tx_time >= minAgeSec) ??
    usable.at(-1) ??
    null
  );
}
