/** App configuration, webhook retry, and the WebSocket helper endpoints (status, replay). */
import { TransactionDetail } from '../../contracts/tx/schema';
import { txFailure } from '../../contracts/envelopes';
import { json, type Router } from '../core/http';
import { applyUpdate, publicConfig } from './app-config';
import { resolveChains } from './chains';
import { looseId } from './codec';
import { emptyRecord } from './gen-util';
import { participantKeys, type StoredTx } from './ledger';
import { bad, bodyOf, ok, onEndpoint, type EndpointHandler } from './rest';
import type { AppContext } from './app-context';
import type { TxRuntime } from './runtime';
import { REPLAY_MAX_BYTES, replayOverBounds } from './bounds';

/** Replayed fields are checked against the seed's types; absent ones become null or []. */
const ReplayFields = TransactionDetail.omit({
  id: true,
  chain_type: true,
  chain_id: true,
  tx_hash: true,
}).partial();

export function adminRoutes(
  router: Router,
  rt: TxRuntime,
  appOf: (request: Request) => AppContext,
): void {
  router.on('GET', '/app/config', (ctx) => ok(publicConfig(appOf(ctx.request).app)));

  const update: EndpointHandler = (req, ctx) => {
    const app = appOf(ctx.request);
    const outcome = applyUpdate(app.app, bodyOf(req), rt.config.now());
    if (outcome.changed && !app.isSandbox) rt.saveState();
    if (outcome.resumeWebhook) app.webhook.resume();
    return ok('success');
  };
  onEndpoint(router, 'tx.app.config.put', update);
  onEndpoint(router, 'tx.app.config.post', update);

  router.on('GET', '/app/webhook/retry/status', (ctx) => ok(appOf(ctx.request).webhook.status()));
  router.on('POST', '/app/webhook/retry', async (ctx) =>
    ok(await appOf(ctx.request).webhook.retryNow()),
  );

  router.on('GET', '/transaction/ws/status', (ctx) => ok(appOf(ctx.request).hub.status()));

  // A plain GET of the WebSocket path (no upgrade): the seed's 426.
  router.on('GET', '/transaction/ws', () =>
    json(txFailure(426, 'Upgrade Required: connect with a WebSocket handshake'), 426, {
      upgrade: 'websocket',
    }),
  );

  onEndpoint(router, 'tx.ws.replay', (req, ctx) => {
    const body = bodyOf(req);
    if (JSON.stringify(body).length > REPLAY_MAX_BYTES)
      return json(txFailure(413, `A replay is at most ${REPLAY_MAX_BYTES} bytes of JSON`), 413);
    const outOfBounds = replayOverBounds(body);
    if (outOfBounds) return bad(outOfBounds);
    const data = body.data as Record<string, unknown>;
    const resolved = resolveChains(
      data.chain_type as string,
      data.chain_id as number,
      'data.chain_type',
    );
    if (!resolved.ok) return bad(resolved.message);
    const chain = resolved.chains[0];
    if (!chain) return bad('data.chain_type is not supported');
    const hash = rt.explorer.codec.normalizeHash(chain, data.tx_hash as string);
    if (!hash)
      return bad(`data.tx_hash "${String(data.tx_hash)}" is not a ${chain.name} transaction hash`);
    const fields = ReplayFields.safeParse(data);
    if (!fields.success) {
      const issue = fields.error.issues[0];
      return bad(`data.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
    }
    const app = appOf(ctx.request);
    const known = app.find(chain, hash);
    const txTime = fields.data.tx_time ?? rt.nowSec();
    let id = known?.id ?? looseId(txTime, `${chain.name}|${hash}`);
    while (known?.id === undefined && app.hasReplayedId(id)) id++;
    const tx: StoredTx = {
      ...emptyRecord(chain.wire, chain.chainId, hash),
      ...fields.data,
      id,
      chain_type: chain.wire,
      chain_id: chain.chainId,
      tx_hash: hash,
      tx_time: txTime,
    };
    const refused = app.putReplayed(chain, tx);
    if (refused === 'too-large')
      return json(txFailure(413, 'This transaction is larger than a demo sandbox keeps'), 413);
    if (refused === 'demo-full')
      return json(
        txFailure(
          503,
          'The demo keeps as many replayed transactions as it may right now: try again in a few minutes.',
        ),
        503,
      );
    const listen = Array.isArray(data.listenAddress)
      ? data.listenAddress.filter((a): a is string => typeof a === 'string')
      : app.monitored.matches(chain, participantKeys(chain, tx));
    rt.dispatch(tx, chain, { reorg: data.is_reorg_resend === true, force: { listen } }, app);
    return ok({ processed: true, txhash: hash });
  });
}
