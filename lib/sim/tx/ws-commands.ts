/** Client commands of the transaction WebSocket and their replies, with the seed's error messages. */
import { randomUUID } from 'node:crypto';
import type { TransactionDetail } from '../../contracts/tx/schema';
import type { WsPeer } from '../core/types';
import { addressFamily } from '../../core/address';
import { checkGroup } from './addresses';
import { addressKey } from '../../core/address/key';

export interface Watch {
  chainType: string;
  key: string;
  /** as the client spelled it */
  address: string;
}

export interface Client {
  id: string;
  peer: WsPeer;
  connectedAt: number;
  windowSec: number;
  watches: Watch[];
  /** unsubscribed monitored addresses: `${chain_type or *}|${key}` */
  mutes: Set<string>;
}

export type Reply = { type: string; code: number; data: unknown; msg: string };

export interface CommandTarget {
  appId(): string;
  subscribe(client: Client, watch: Watch): void;
  unsubscribe(client: Client, chainType: string | null, key: string): void;
  lookup(
    chainType: string,
    chainId: number,
    messageId: string | null,
    txHash: string | null,
  ): TransactionDetail | null;
  ack(chainType: string, messageId: string | null, txHash: string | null): string | null;
}

/** The reply to one client frame, under the command's own id (a fresh one when it has none). */
export function handleCommand(
  hub: CommandTarget,
  client: Client,
  text: string,
  isBinary: boolean,
): { id: string; reply: Reply } {
  if (isBinary)
    return {
      id: randomUUID(),
      reply: { type: 'error', code: 400, data: null, msg: 'binary frames are not supported' },
    };
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return {
      id: randomUUID(),
      reply: { type: 'error', code: 400, data: null, msg: 'invalid JSON' },
    };
  }
  const m = (typeof message === 'object' && message !== null ? message : {}) as Record<
    string,
    unknown
  >;
  const id =
    typeof m.id === 'string' && m.id !== ''
      ? m.id
      : typeof m.id === 'number'
        ? String(m.id)
        : randomUUID();
  const type = typeof m.type === 'string' ? m.type : '';
  const data = (typeof m.data === 'object' && m.data !== null ? m.data : {}) as Record<
    string,
    unknown
  >;
  return { id, reply: reply(hub, client, type, data) };
}

function reply(
  hub: CommandTarget,
  client: Client,
  type: string,
  data: Record<string, unknown>,
): Reply {
  const fail = (code: number, msg: string): Reply => ({ type, code, data: null, msg });
  const ok = (payload: unknown, as = type): Reply => ({
    type: as,
    code: 0,
    data: payload,
    msg: 'success',
  });
  const str = (k: string) => {
    const v = data[k];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  };

  switch (type) {
    case 'ping':
      return ok(null, 'pong');
    case 'subscribe': {
      const address = str('address');
      const chainType = str('chain_type');
      if (!address || !chainType) return fail(400, 'address and chain_type required');
      const checked = checkGroup(chainType, [address], '', 'address');
      if (checked.error !== null) return fail(400, checked.error.replace('address[0]', 'address'));
      const family = addressFamily(checked.chainType);
      const key = family ? addressKey(family, address) : address;
      hub.subscribe(client, { chainType: checked.chainType, key, address });
      return ok({ appId: hub.appId(), address, chain_type: checked.chainType });
    }
    case 'unsubscribe': {
      const address = str('address');
      if (!address) return fail(400, 'address required');
      const chainType = str('chain_type')?.toLowerCase() ?? null;
      if (chainType !== null && checkGroup(chainType, [], '').error !== null) {
        return fail(400, `chain_type "${chainType}" is not supported`);
      }
      const family =
        addressFamily(chainType ?? '') ?? (/^0x[0-9a-fA-F]{40}$/.test(address) ? 'evm' : null);
      hub.unsubscribe(client, chainType, family ? addressKey(family, address) : address);
      return ok({ address, chainType });
    }
    case 'getTxHash': {
      const chainType = str('chain_type');
      const chainId = intOf(data.chain_id);
      const txHash = str('txHash');
      const messageId = str('messageId');
      if (!chainType || chainId === null || (!txHash && !messageId))
        return fail(400, 'chain_type, chain_id, txHash required');
      const tx = hub.lookup(chainType, chainId, messageId, txHash);
      return tx ? ok(tx) : fail(404, 'transaction not found');
    }
    case 'transactionACK': {
      const chainType = str('chain_type');
      const txHash = str('txHash');
      const messageId = str('messageId');
      if (!chainType || (!txHash && !messageId))
        return fail(400, 'chain_type and messageId/txHash required');
      const acked = hub.ack(chainType, messageId, txHash);
      return acked === null ? fail(404, 'transaction not found') : ok({ txHash: acked });
    }
    default:
      return { type: type || 'error', code: 400, data: null, msg: `unknown command: ${type}` };
  }
}

function intOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}
