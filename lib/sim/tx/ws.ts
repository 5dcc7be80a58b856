/**
 * The transaction WebSocket (seed "WebSocket push"): every client of the key gets the matches of the
 * monitored list, plus those of the addresses it subscribed itself. Pushes wait for an ACK per app:
 * until some client ACKs, a push is re-sent every ws_ack_resend_interval_seconds while it is younger
 * than the client's X-ResendDuration, and replayed to a client that connects within that window.
 */
import { randomUUID } from 'node:crypto';
import type { TransactionDetail } from '../../contracts/tx/schema';
import type { WsPeer, WsSession } from '../core/types';
import { addressFamily } from '../../core/address';
import type { AppState } from './app-config';
import type { Monitored } from './addresses';
import {
  handleCommand,
  type Client,
  type CommandTarget,
  type Reply,
  type Watch,
} from './ws-commands';
import { addressKey } from '../../core/address/key';
import { chainByName, resolveChains, type TxChain } from './chains';
import type { Explorer } from './explorer';
import { participantKeys } from './ledger';

const PENDING_LIMIT = 1_000;
const PENDING_MAX_AGE_MS = 24 * 3_600_000;
const RECENT_LIMIT = 5_000;
const DEFAULT_RESEND_SECONDS = 180;

interface Pending {
  messageId: string;
  chain: string;
  hash: string;
  pushedAt: number;
  lastSentAt: number;
  /** matched the monitored list (not only a connection's own subscription) */
  appLevel: boolean;
  listen: string[];
  reorg: boolean;
  /** client id -> when this push was last sent to it */
  sentTo: Map<string, number>;
}

export interface HubDeps {
  app: AppState;
  now(): number;
  explorer: Explorer;
  /** a transaction as this application sees it (a sandbox's own replays first) */
  find(chain: TxChain, hash: string): TransactionDetail | null;
  monitored: Monitored;
  changed(): void;
  /** unACKed pushes kept (default PENDING_LIMIT) */
  pendingLimit?: number;
  /** message ids remembered for getTxHash (default RECENT_LIMIT) */
  recentLimit?: number;
}

export class WsHub implements CommandTarget {
  private readonly clients = new Map<string, Client>();
  private readonly pending = new Map<string, Pending>();
  private readonly recent = new Map<string, { chain: string; hash: string }>();

  constructor(private readonly deps: HubDeps) {}

  private get app(): AppState {
    return this.deps.app;
  }

  open(peer: WsPeer, headers: Headers): WsSession {
    const raw = headers.get('x-resendduration');
    const window =
      raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : DEFAULT_RESEND_SECONDS;
    const client: Client = {
      id: randomUUID(),
      peer,
      connectedAt: this.deps.now(),
      windowSec: window,
      watches: [],
      mutes: new Set(),
    };
    this.clients.set(client.id, client);
    this.send(client, randomUUID(), {
      type: 'connected',
      code: 0,
      data: { clientId: client.id, appId: this.app.app_id },
      msg: 'success',
    });
    if (this.app.enable_ws && this.app.is_active) {
      const since = this.deps.now() - window * 1000;
      for (const p of this.pending.values())
        if (p.appLevel && p.pushedAt >= since) this.deliver(client, p);
    }
    return {
      message: (data, isBinary) => this.command(client, data, isBinary),
      closed: () => {
        this.clients.delete(client.id);
        for (const p of this.pending.values())
          if (!p.appLevel && !this.relevantToAnyone(p)) this.pending.delete(p.messageId);
      },
    };
  }

  /**
   * Pushes a transaction to every client it concerns. `force` (replay) sends it to every client with
   * `matches` as its listenAddress.
   */
  push(
    tx: TransactionDetail,
    chain: TxChain,
    matches: string[],
    opts: { reorg: boolean; force: boolean },
  ): void {
    if (!this.app.enable_ws || !this.app.is_active) return;
    const now = this.deps.now();
    const p: Pending = {
      messageId: randomUUID(),
      chain: chain.name,
      hash: tx.tx_hash,
      pushedAt: now,
      lastSentAt: now,
      appLevel: matches.length > 0 || opts.force,
      listen: matches,
      reorg: opts.reorg,
      sentTo: new Map(),
    };
    this.remember(p.messageId, chain.name, tx.tx_hash);
    for (const client of this.clients.values()) {
      const listen = opts.force ? matches : this.listenFor(client, chain, tx, matches);
      if (opts.force || listen.length > 0) this.sendTx(client, p, tx, listen);
    }
    if (p.appLevel || p.sentTo.size > 0) this.pending.set(p.messageId, p);
    this.prune();
    this.deps.changed();
  }

  /** Re-sends what is still unACKed, once per interval, to clients whose window still covers it. */
  tick(): void {
    if (!this.app.enable_ws || !this.app.is_active || this.clients.size === 0) return;
    const now = this.deps.now();
    const interval = this.app.ws_ack_resend_interval_seconds * 1000;
    for (const p of this.pending.values()) {
      if (now - p.lastSentAt < interval) continue;
      // the attempt counts even when no client wanted it: checked again one interval later
      p.lastSentAt = now;
      for (const client of this.clients.values()) {
        // A client that received it less than an interval ago (on connect, say) is not sent it twice.
        if (now - (p.sentTo.get(client.id) ?? -Infinity) < interval) continue;
        if (now - p.pushedAt <= client.windowSec * 1000) this.deliver(client, p);
      }
    }
  }

  /** Addresses subscribed by connections, for the producer's rotation. */
  watched(): { chain_type: string; address: string }[] {
    const out = new Map<string, { chain_type: string; address: string }>();
    for (const c of this.clients.values()) {
      for (const w of c.watches)
        out.set(`${w.chainType}|${w.key}`, { chain_type: w.chainType, address: w.address });
    }
    return [...out.values()];
  }

  status() {
    const now = this.deps.now();
    const details = [...this.clients.values()].map((c) => ({
      clientId: c.id,
      connectedAt: c.connectedAt,
      uptime: Math.max(0, Math.floor((now - c.connectedAt) / 1000)),
      pendingTxCount: [...this.pending.values()].filter((p) => p.sentTo.has(c.id)).length,
    }));
    return {
      appId: this.app.app_id,
      connectedClients: details.length,
      clients: details.map((d) => d.clientId),
      details,
    };
  }

  get clientCount(): number {
    return this.clients.size;
  }

  closeAll(): void {
    for (const c of this.clients.values()) c.peer.close(1001, 'server stopping');
    this.clients.clear();
  }

  export(): (string | number | boolean | string[])[][] {
    return [...this.pending.values()]
      .filter((p) => p.appLevel)
      .map((p) => [p.messageId, p.chain, p.hash, p.pushedAt, p.listen, p.reorg]);
  }

  import(rows: readonly unknown[]): void {
    for (const row of rows) {
      if (!Array.isArray(row) || row.length !== 6) continue;
      const [messageId, chain, hash, pushedAt, listen, reorg] = row as unknown[];
      if (typeof messageId !== 'string' || typeof chain !== 'string' || typeof hash !== 'string')
        continue;
      if (typeof pushedAt !== 'number' || !Array.isArray(listen) || typeof reorg !== 'boolean')
        continue;
      const strings = listen.filter((a): a is string => typeof a === 'string');
      this.pending.set(messageId, {
        messageId,
        chain,
        hash,
        pushedAt,
        lastSentAt: pushedAt,
        appLevel: true,
        listen: strings,
        reorg,
        sentTo: new Map(),
      });
      this.remember(messageId, chain, hash);
    }
    this.prune();
  }

  // ---- internals -------------------------------------------------------------------------------------

  private listenFor(
    client: Client,
    chain: TxChain,
    tx: TransactionDetail,
    monitored: string[],
  ): string[] {
    const keys = participantKeys(chain, tx);
    const out = monitored.filter((a) => {
      const key = addressKey(chain.family, a);
      return (
        !client.mutes.has(`*|${key}`) &&
        !client.mutes.has(`${chain.name}|${key}`) &&
        !client.mutes.has(`evm|${key}`)
      );
    });
    for (const w of client.watches) {
      const onChain =
        w.chainType === chain.name || (w.chainType === 'evm' && chain.family === 'evm');
      if (!onChain || !keys.has(w.key)) continue;
      if (!out.some((a) => addressKey(chain.family, a) === w.key)) out.push(w.address);
    }
    return out;
  }

  /** Sends a pending push to a client if it concerns it; false when it does not (or is gone). */
  private deliver(client: Client, p: Pending): boolean {
    const chain = chainByName(p.chain);
    const tx = chain ? this.deps.find(chain, p.hash) : null;
    if (!chain || !tx) {
      this.pending.delete(p.messageId);
      return false;
    }
    const listen = this.listenFor(client, chain, tx, p.listen);
    if (listen.length === 0) return false;
    this.sendTx(client, p, tx, listen);
    return true;
  }

  private sendTx(client: Client, p: Pending, tx: TransactionDetail, listen: string[]): void {
    p.sentTo.set(client.id, this.deps.now());
    this.send(client, p.messageId, {
      type: 'transaction',
      code: 0,
      data: { ...tx, listenAddress: listen, is_reorg_resend: p.reorg },
      msg: 'success',
    });
  }

  private send(client: Client, id: string, reply: Reply): void {
    client.peer.send(JSON.stringify({ id, time: this.deps.now(), ...reply }));
  }

  private remember(messageId: string, chain: string, hash: string): void {
    this.recent.set(messageId, { chain, hash });
    while (this.recent.size > (this.deps.recentLimit ?? RECENT_LIMIT))
      this.recent.delete(this.recent.keys().next().value as string);
  }

  private prune(): void {
    const oldest = this.deps.now() - PENDING_MAX_AGE_MS;
    for (const p of this.pending.values())
      if (p.pushedAt < oldest) this.pending.delete(p.messageId);
    while (this.pending.size > (this.deps.pendingLimit ?? PENDING_LIMIT))
      this.pending.delete(this.pending.keys().next().value as string);
  }

  private relevantToAnyone(p: Pending): boolean {
    return [...this.clients.values()].some((c) => c.watches.length > 0 && p.sentTo.has(c.id));
  }

  private command(client: Client, text: string, isBinary: boolean): void {
    const { id, reply } = handleCommand(this, client, text, isBinary);
    this.send(client, id, reply);
  }

  appId(): string {
    return this.app.app_id;
  }

  subscribe(client: Client, watch: Watch): void {
    if (!client.watches.some((w) => w.chainType === watch.chainType && w.key === watch.key))
      client.watches.push(watch);
    for (const mute of [`*|${watch.key}`, `${watch.chainType}|${watch.key}`])
      client.mutes.delete(mute);
  }

  /** Drops the connection's own watch and mutes the monitored address for it (`null`: every chain). */
  unsubscribe(client: Client, chainType: string | null, key: string): void {
    client.watches = client.watches.filter(
      (w) => !(w.key === key && (chainType === null || w.chainType === chainType)),
    );
    client.mutes.add(`${chainType ?? '*'}|${key}`);
  }

  lookup(chainType: string, chainId: number, messageId: string | null, txHash: string | null) {
    const resolved = resolveChains(chainType, chainId);
    if (!resolved.ok) return null;
    const known = messageId ? this.recent.get(messageId) : undefined;
    if (known) {
      const chain = resolved.chains.find((c) => c.name === known.chain);
      return chain ? this.deps.find(chain, known.hash) : null;
    }
    if (!txHash) return null;
    for (const chain of resolved.chains) {
      const tx = this.deps.find(chain, txHash);
      if (tx) return tx;
    }
    return null;
  }

  /** Drops every pending push of the transaction; its hash, or null when nothing identifies one. */
  ack(chainType: string, messageId: string | null, txHash: string | null): string | null {
    const known = messageId
      ? (this.recent.get(messageId) ?? this.pending.get(messageId))
      : undefined;
    let target: { chain: string | null; hash: string } | null = known
      ? { chain: known.chain, hash: known.hash }
      : null;
    if (!target && txHash) target = { chain: null, hash: txHash };
    if (!target) return null;
    const family = addressFamily(chainType);
    const norm = (h: string) =>
      /^(0x)?[0-9a-fA-F]{64}$/.test(h) ? h.replace(/^0x/i, '').toLowerCase() : h;
    const wanted = norm(target.hash);
    for (const p of [...this.pending.values()]) {
      const chain = chainByName(p.chain);
      const chainOk =
        target.chain !== null
          ? p.chain === target.chain
          : chain?.family === family || p.chain === chainType;
      if (chainOk && norm(p.hash) === wanted) this.pending.delete(p.messageId);
    }
    this.deps.changed();
    return target.hash;
  }
}
