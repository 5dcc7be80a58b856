// Raw upstream shapes, written from docs/contracts.md, "Tx service".
//
// Nullability follows the seed tables: every TransactionDetail field is always present ("string / null"
// means the key is there with a null value), arrays are always arrays. The internal `id` (the cursor,
// docs/simulator/README.md, "What the seeds leave open") is required on list records and optional elsewhere.
import { z } from 'zod';

const str = z.string().nullable();
const int = z.number().int();

export const TokenTransfer = z.object({
  from_address: str,
  to_address: str,
  token_contract_address: str,
  symbol: str,
  amount: str,
  decimals: int.nullable(),
  is_from_contract: z.boolean(),
  is_to_contract: z.boolean(),
  /** Solana token accounts */
  from_token_address: str,
  to_token_address: str,
  mint: str,
  program_id: str,
});
export type TokenTransfer = z.infer<typeof TokenTransfer>;

/** What a from_details and a to_details entry both carry. */
const Leg = z.object({
  address: str,
  amount: str,
  is_contract: z.boolean(),
});

export const FromDetail = Leg.extend({
  vin_index: str,
  pre_vout_index: str,
  ref_tx_hash: str,
});
export type FromDetail = z.infer<typeof FromDetail>;

export const ToDetail = Leg.extend({ vout_index: str });
export type ToDetail = z.infer<typeof ToDetail>;

export const InternalTransaction = z.object({
  from_address: str,
  to_address: str,
  amount: str,
  tx_status: str,
  program_id: str,
  instr_index: int.nullable(),
  depth: int.nullable(),
  instruction: str,
  description: str,
});
export type InternalTransaction = z.infer<typeof InternalTransaction>;

const TX_STATUSES = ['success', 'failed', 'pending'] as const;

export const TransactionDetail = z.object({
  /** internal id (cursor); see docs/simulator/README.md, "What the seeds leave open" */
  id: int.optional(),
  chain_type: z.string(),
  chain_id: int,
  height: int.nullable(),
  tx_time: int.nullable(),
  tx_hash: z.string(),
  tx_version: int.nullable(),
  sender: str,
  fee_payer: str,
  receiver: str,
  transfer_type: str,
  amount: str,
  symbol: str,
  decimals: int.nullable(),
  tx_status: z.enum(TX_STATUSES).nullable(),
  tx_fee: str,
  gas_limit: str,
  gas_used: str,
  gas_price: str,
  max_fee_per_gas: str,
  max_priority_fee_per_gas: str,
  nonce: str,
  method_id: str,
  method_call: str,
  l1_origin_hash: str,
  token_transfers: z.array(TokenTransfer),
  from_details: z.array(FromDetail),
  to_details: z.array(ToDetail),
  internal_transactions: z.array(InternalTransaction),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

/** A record of a list (search, multi-chain, pool trades): carries its cursor id. */
export const TransferRecord = TransactionDetail.extend({ id: int });
export type TransferRecord = z.infer<typeof TransferRecord>;

export const WebhookDeliveryStatus = z.enum(['active', 'retrying', 'disabled']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** GET app/config: the resource without the write-only `webhook_secret`. */
export const AppConfig = z.object({
  app_id: z.string(),
  enable_ws: z.boolean(),
  enable_webhook: z.boolean(),
  webhook_url: str,
  ws_ack_resend_interval_seconds: int,
  is_active: z.boolean(),
  webhook_delivery_status: WebhookDeliveryStatus,
  webhook_retrying_since: int.nullable(),
  webhook_last_failed_transaction_id: int.nullable(),
  webhook_last_failure_reason: str,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AppConfig = z.infer<typeof AppConfig>;

/** PUT (and POST) app/config body: every field optional. */
export const AppConfigUpdate = z.object({
  enable_ws: z.boolean().optional(),
  enable_webhook: z.boolean().optional(),
  webhook_url: z.string().nullable().optional(),
  webhook_secret: z.string().nullable().optional(),
  ws_ack_resend_interval_seconds: int.positive().optional(),
  is_active: z.boolean().optional(),
});
export type AppConfigUpdate = z.infer<typeof AppConfigUpdate>;

// ---- envelopes -------------------------------------------------------------------------------------

/** transfers and transactions: `msg: 'success'`, with the code each one succeeds with */
function successEnvelope<C extends 0 | 1, T extends z.ZodType>(code: C, data: T) {
  return z.object({ code: z.literal(code), msg: z.literal('success'), data });
}

/** transfers/search and transfers/multi-chain */
export const TransferListEnvelope = successEnvelope(1, z.array(TransferRecord));
export type TransferListEnvelope = z.infer<typeof TransferListEnvelope>;

/** GET transactions/{tx_hash} */
export const TransactionEnvelope = successEnvelope(0, TransactionDetail.nullable());
export type TransactionEnvelope = z.infer<typeof TransactionEnvelope>;

/** POST transactions/batch-get (envelope fixed by docs/simulator/README.md, "What the seeds leave open") */
export const BatchGetEnvelope = successEnvelope(0, z.array(TransactionDetail));
export type BatchGetEnvelope = z.infer<typeof BatchGetEnvelope>;

/** addresses, app config, webhook retry, ws status, ws replay, dex-pools trades */
function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), message: z.literal('ok'), data });
}

/** REST failures (docs/simulator/README.md, "What the seeds leave open"): `{ code, message, data: null }`, code non-zero. */
export const TxFailure = z.object({
  code: int.refine((c) => c !== 0, 'a failure has a non-zero code'),
  message: z.string(),
  data: z.null(),
});
export type TxFailure = z.infer<typeof TxFailure>;

// ---- data, one per endpoint --------------------------------------------------------------------------

const PoolTradesData = z.object({ items: z.array(TransferRecord) });
type PoolTradesData = z.infer<typeof PoolTradesData>;
export const PoolTradesEnvelope = okEnvelope(PoolTradesData);

/** POST addresses, POST addresses/batch-delete, PATCH addresses, PUT and POST app/config */
const SuccessData = z.literal('success');
export const SuccessEnvelope = okEnvelope(SuccessData);

export const ContainsData = z.object({ is_exist: z.boolean() });
export type ContainsData = z.infer<typeof ContainsData>;
export const ContainsEnvelope = okEnvelope(ContainsData);

export const AppConfigEnvelope = okEnvelope(AppConfig);

export const RetryStatusData = z.object({
  app_id: z.string(),
  enable_webhook: z.boolean(),
  webhook_delivery_status: WebhookDeliveryStatus,
  webhook_retrying_since: int.nullable(),
  webhook_last_failed_transaction_id: int.nullable(),
  webhook_last_failure_reason: str,
  pending: int,
  next_retry_at: int,
});
export type RetryStatusData = z.infer<typeof RetryStatusData>;
export const RetryStatusEnvelope = okEnvelope(RetryStatusData);

const RetryResult = z.object({
  attempted: int,
  delivered: int,
  failed: int,
  finalFailed: z.boolean(),
  nextRetryAt: int.nullable(),
  pending: int,
});
type RetryResult = z.infer<typeof RetryResult>;
/** POST app/webhook/retry: `data` is itself an envelope */
export const RetryData = z.object({ code: int, message: z.string(), data: RetryResult });
export type RetryData = z.infer<typeof RetryData>;
export const RetryEnvelope = okEnvelope(RetryData);

export const WsStatusData = z.object({
  appId: z.string(),
  connectedClients: int,
  clients: z.array(z.string()),
  details: z.array(
    z.object({ clientId: z.string(), connectedAt: int, uptime: int, pendingTxCount: int }),
  ),
});
export type WsStatusData = z.infer<typeof WsStatusData>;
export const WsStatusEnvelope = okEnvelope(WsStatusData);

export const WsReplayData = z.object({ processed: z.boolean(), txhash: z.string() });
export type WsReplayData = z.infer<typeof WsReplayData>;
export const WsReplayEnvelope = okEnvelope(WsReplayData);

// ---- WebSocket ---------------------------------------------------------------------------------------

/** Any server message, before looking at its type. */
const WsMessage = z.object({
  id: z.string(),
  time: int,
  type: z.string(),
  code: int,
  data: z.unknown(),
  msg: z.string(),
});
type WsMessage = z.infer<typeof WsMessage>;

/** A server message of one type, with its data. */
function wsEnvelope<T extends z.ZodType>(type: string, data: T) {
  return WsMessage.extend({ type: z.literal(type), data });
}

/** A command error: non-zero code, data null. */
export const WsError = WsMessage.extend({
  code: int.refine((c) => c !== 0, 'an error has a non-zero code'),
  data: z.null(),
});

const WsConnectedData = z.object({ clientId: z.string(), appId: z.string() });
export const WsConnected = wsEnvelope('connected', WsConnectedData);
export const WsPong = wsEnvelope('pong', z.null());

const WsSubscribeData = z.object({
  appId: z.string(),
  address: z.string(),
  chain_type: z.string(),
});
export const WsSubscribeReply = wsEnvelope('subscribe', WsSubscribeData);
const WsUnsubscribeData = z.object({
  address: z.string(),
  chainType: z.string().nullable(),
});
export const WsUnsubscribeReply = wsEnvelope('unsubscribe', WsUnsubscribeData);
export const WsGetTxHashReply = wsEnvelope('getTxHash', TransactionDetail);
const WsAckData = z.object({ txHash: z.string() });
export const WsAckReply = wsEnvelope('transactionACK', WsAckData);

export const TransactionPushData = TransactionDetail.extend({
  listenAddress: z.array(z.string()),
  is_reorg_resend: z.boolean(),
});
export type TransactionPushData = z.infer<typeof TransactionPushData>;
/** A transaction as the live stream relays it: a webhook's carries neither of a push's own fields. */
export const RelayedTransaction = TransactionPushData.partial({
  listenAddress: true,
  is_reorg_resend: true,
});
export const TransactionPush = wsEnvelope('transaction', TransactionPushData);
export type TransactionPush = z.infer<typeof TransactionPush>;

/** Webhook body: a bare array, no envelope. */
export const WebhookBody = z.array(TransactionDetail).min(1);
