'use client';
import { useMutation, useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';
import { ApiError } from '@/lib/client/api';
import { shorten } from '@/lib/core/format/text';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useStreamStatus, useTransactionStream } from '@/lib/client/hooks/use-stream';
import {
  containsQuery,
  replayTransaction,
  searchTransfers,
  txKeys,
} from '@/lib/features/wallets/queries';
import { TX_CHAINS } from '@/lib/features/wallets/chains';
import { txIdentity } from '@/lib/contracts/tx/identity';
import { detectFamily } from '@/lib/features/wallets/history';
import { txPath } from '@/lib/features/wallets/explorer';
import type { FeedTx } from '@/lib/features/wallets/feed';
import { useFeedStore } from '@/lib/features/wallets/feed-store';
import { pickReplayCandidate, replayMessage } from '@/lib/features/wallets/replay';
import { AmountText, ChainBadge } from '@/components/tx/tx-cells';
import { useKnownAddresses } from '@/components/wallets/use-known-addresses';
import { useAccess } from './use-access';

interface Sent {
  hash: string;
  chainType: string;
  chainId: number;
  processed: boolean;
  at: number;
  arrivedAfterMs: number | null;
}

const RECENT = 6;
/** Known addresses asked about (`addresses/contains`, cached a minute each). */
const MAX_CHECKED = 12;

/** The chain type to ask `contains` with: `evm` is "any EVM chain"; the others have one each. */
function monitorChainType(address: string): string | null {
  const family = detectFamily(address);
  if (!family) return null;
  return family === 'evm' ? 'evm' : (TX_CHAINS.find((c) => c.family === family)?.type ?? null);
}

/** A refusal of ours (not monitored, nothing to replay): its message is shown as it is. */
class Refusal extends Error {}

/** The clock, read in event handlers only (a helper, so the render-purity lint can tell). */
const nowMs = () => Date.now();

/** Whether the service monitors `address` (`addresses/contains`, cached a minute). */
async function isMonitored(client: QueryClient, address: string): Promise<boolean> {
  const chainType = monitorChainType(address);
  if (chainType === null) return false;
  return (await client.fetchQuery(containsQuery(chainType, address))).is_exist;
}

/**
 * "Send test event": replays a real transaction of a monitored address (transaction/ws/replay), so the
 * feed below and the webhook fire and the delivery status moves.
 */
export function TestEventPanel() {
  const client = useQueryClient();
  const hydrated = useHydrated();
  const { canChange, reason } = useAccess();
  const known = useKnownAddresses();
  // Only a monitored address's transactions reach the feed and the webhook: the addresses this
  // browser knows are offered only once the service says they are monitored.
  const candidates = useMemo(
    () => (hydrated ? known.slice(0, MAX_CHECKED) : []),
    [hydrated, known],
  );
  const checks = useQueries({
    queries: candidates.map((a) => {
      const chainType = monitorChainType(a);
      return { ...containsQuery(chainType ?? 'evm', a), enabled: chainType !== null };
    }),
  });
  const suggestions = candidates.filter((_, i) => checks[i]?.data?.is_exist === true);
  const checking = checks.some((c) => c.isPending && c.fetchStatus !== 'idle');
  const [address, setAddress] = useState('');
  // An address refused before anything is sent; the mutation holds the service's refusals.
  const [invalid, setInvalid] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [recent, setRecent] = useState<FeedTx[]>([]);
  const replayed = useRef(new Set<string>());
  // The push can beat the replay's HTTP answer: its arrival is kept here until the answer comes.
  const waiting = useRef<{ key: string; at: number; arrivedAfterMs: number | null } | null>(null);

  useTransactionStream((message) => {
    if (message.kind !== 'event' || message.event !== 'transaction') return;
    const tx = message.data;
    setRecent((r) => [tx, ...r].slice(0, RECENT));
    const w = waiting.current;
    if (w && w.arrivedAfterMs === null && txIdentity({ ...tx, is_reorg_resend: false }) === w.key) {
      w.arrivedAfterMs = Date.now() - w.at;
      setSent((s) => (s ? { ...s, arrivedAfterMs: w.arrivedAfterMs } : s));
    }
  });

  // A replay is pushed once: send it only while this page's live feed is listening, so it is seen.
  const listening = useStreamStatus().state === 'open';
  const typed = address.trim();
  const target = typed || suggestions[0] || '';
  const blocked = !canChange
    ? (reason ?? 'Changes are not allowed here.')
    : !target
      ? checking
        ? 'Looking for a monitored address…'
        : 'No monitored address is known to this browser: add one on Wallets, or type one.'
      : !listening
        ? 'Waiting for the live feed to connect.'
        : null;

  const replay = useMutation({
    mutationFn: async (address: string): Promise<Sent> => {
      if (!(await isMonitored(client, address)))
        throw new Refusal(
          `${shorten(address, 8, 6)} is not monitored: add it on Wallets first. Only a monitored address's transactions reach the live feed and the webhook.`,
        );
      const records = await searchTransfers(address, 100);
      const skip = new Set([...replayed.current, ...useFeedStore.getState().feed.seen]);
      const tx = pickReplayCandidate(records, skip, Math.floor(nowMs() / 1000));
      if (!tx) throw new Refusal('This address has no transaction to replay yet.');
      const key = txIdentity(tx);
      replayed.current.add(key);
      const at = nowMs();
      const wait = { key, at, arrivedAfterMs: null as number | null };
      waiting.current = wait;
      const result = await replayTransaction(replayMessage(tx, address));
      return {
        hash: result.txhash || tx.tx_hash,
        chainType: tx.chain_type,
        chainId: tx.chain_id,
        processed: result.processed,
        at,
        arrivedAfterMs: wait.arrivedAfterMs,
      };
    },
    onSuccess: (result) => {
      setSent(result);
      // The delivery status moves as the webhook fires: look again now and shortly after.
      void client.invalidateQueries({ queryKey: txKeys.retryStatus });
      setTimeout(() => void client.invalidateQueries({ queryKey: txKeys.retryStatus }), 1500);
    },
  });
  const busy = replay.isPending;
  const error =
    invalid ??
    (replay.error
      ? replay.error instanceof Refusal || replay.error instanceof ApiError
        ? replay.error.message
        : 'The test event could not be sent.'
      : null);

  function send(e: FormEvent) {
    e.preventDefault();
    if (!target || !detectFamily(target)) {
      replay.reset();
      setInvalid('Enter a monitored address (EVM, Solana, Tron or Bitcoin).');
      return;
    }
    setInvalid(null);
    replay.mutate(target);
  }

  return (
    <Panel title="Send test event">
      <form onSubmit={send} className="flex flex-col gap-2 p-3" aria-label="Send test event">
        <p className="text-12 text-muted">
          Replays a real past transaction of a monitored address to this app&apos;s WebSocket
          clients and webhook, as if it had just happened.
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <Field id="test-address" label="Monitored address" className="min-w-0 flex-1">
            <TextInput
              id="test-address"
              list="test-address-known"
              value={address}
              disabled={!canChange}
              spellCheck={false}
              placeholder={hydrated && suggestions[0] ? suggestions[0] : '0x…, Base58 or bc1…'}
              className="font-mono text-12"
              onChange={(e) => setAddress(e.target.value)}
            />
            <datalist id="test-address-known">
              {hydrated && suggestions.map((a) => <option key={a} value={a} />)}
            </datalist>
          </Field>
          <Button
            type="submit"
            variant="primary"
            disabled={busy || blocked !== null}
            aria-describedby={blocked ? 'test-event-blocked' : undefined}
          >
            {busy ? 'Sending…' : 'Send test event'}
          </Button>
        </div>
        {blocked && (
          <p id="test-event-blocked" className="text-12 text-muted" data-testid="test-blocked">
            {blocked}
            {!target && !checking && canChange && (
              <>
                {' '}
                <Link href="/wallets" className="font-medium text-accent hover:underline">
                  Open Wallets
                </Link>
              </>
            )}
          </p>
        )}
        {error && (
          <p role="alert" className="text-12 text-down">
            {error}
          </p>
        )}
        {sent && (
          <p role="status" className="text-12" data-testid="test-event-result">
            <span className={sent.processed ? 'text-up' : 'text-warn'}>
              {sent.processed ? 'Processed' : 'Not processed'}
            </span>{' '}
            <Link
              prefetch={false}
              href={txPath({
                chain_type: sent.chainType,
                chain_id: sent.chainId,
                tx_hash: sent.hash,
              })}
              className="font-mono text-accent hover:underline"
              title={sent.hash}
            >
              {shorten(sent.hash, 8, 6)}
            </Link>
            <span className="text-muted">
              {' · '}
              {sent.arrivedAfterMs !== null
                ? `arrived in the live feed after ${(sent.arrivedAfterMs / 1000).toFixed(1)} s`
                : 'waiting for it in the live feed…'}
            </span>
          </p>
        )}
      </form>
      <div className="border-t border-border">
        <h3 className="px-3 pt-2 text-2xs font-semibold uppercase tracking-wide text-muted">
          Live feed, as it arrives
        </h3>
        {recent.length === 0 ? (
          <p className="px-3 pb-3 pt-1 text-12 text-muted">
            Nothing yet: transactions of monitored addresses show here as they are pushed.
          </p>
        ) : (
          <ul className="num px-3 pb-2 text-12" aria-label="Recent pushes">
            {recent.map((tx) => (
              <li
                key={txIdentity(tx)}
                className="flex h-8 items-center gap-3 border-b border-border/50 last:border-0"
              >
                <ChainBadge chainType={tx.chain_type} chainId={tx.chain_id} />
                <Link
                  prefetch={false}
                  href={txPath(tx)}
                  className="font-mono text-accent hover:underline"
                >
                  {shorten(tx.tx_hash, 8, 6)}
                </Link>
                <span className="ml-auto">
                  <AmountText value={tx} maxFraction={4} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
