/** Read endpoints: transfer lists, transactions by hash, and the public pool trades. */
import { json, type Router } from '../core/http';
import { familyOfAddress, resolveChains, TX_CHAINS, validAddress, type TxChain } from './chains';
import type { Explorer, Target } from './explorer';
import type { TransactionDetail } from '../../contracts/tx/schema';
import type { TransferFilter } from './generate';
import { bad, bodyOf, ok, onEndpoint } from './rest';

/** A batch-get asks for at most this many hashes (the seed gives no bound). */
const BATCH_GET_LIMIT = 100;

export function transferRoutes(
  router: Router,
  deps: {
    explorer: Explorer;
    nowSec(): number;
    /** a transaction as the request's application sees it (a sandbox's own replays first) */
    find(request: Request, chain: TxChain, hash: string): TransactionDetail | null;
  },
): void {
  const { explorer } = deps;
  /** One page of the targets' transfers, from the body's cursor (`id`) on, `limit` long. */
  const page = (body: Record<string, unknown>, targets: Target[], filter: TransferFilter) =>
    json({
      code: 1,
      msg: 'success',
      data: explorer.page(
        targets,
        filter,
        typeof body.id === 'number' ? body.id : Infinity,
        typeof body.limit === 'number' ? body.limit : 20,
      ),
    });

  onEndpoint(router, 'tx.transfers.search', (req) => {
    const body = bodyOf(req);
    const address = (body.address as string).trim();
    const chainType =
      typeof body.chain_type === 'string' && body.chain_type !== '' ? body.chain_type : undefined;
    const chainId = typeof body.chain_id === 'number' ? body.chain_id : undefined;
    let chains: TxChain[];
    if (chainType !== undefined) {
      const resolved = resolveChains(chainType, chainId);
      if (!resolved.ok) return bad(resolved.message);
      chains = resolved.chains;
      const error = chains[0] ? validAddress(chains[0].family, address, 'address') : null;
      if (error) return bad(error);
    } else {
      // cross-chain: every chain of the address's format (an EVM address has a past on each EVM chain)
      const family = familyOfAddress(address);
      if (!family) return bad(`address "${address}" is not a valid address on any supported chain`);
      chains = TX_CHAINS.filter(
        (c) => c.family === family && (chainId === undefined || c.chainId === chainId),
      );
    }
    const filter: TransferFilter = {
      txType: body.tx_type === 'native' || body.tx_type === 'token' ? body.tx_type : undefined,
      token:
        typeof body.token === 'string' && body.token.trim() !== '' ? body.token.trim() : undefined,
    };
    return page(
      body,
      chains.map((chain) => ({ chain, address })),
      filter,
    );
  });

  onEndpoint(router, 'tx.transfers.multiChain', (req) => {
    const body = bodyOf(req);
    const groups = body.addresses as {
      chain_type: string;
      chain_id: number;
      address: string[];
    }[];
    const targets: Target[] = [];
    for (const [i, group] of groups.entries()) {
      const resolved = resolveChains(
        group.chain_type,
        group.chain_id,
        `addresses[${i}].chain_type`,
      );
      if (!resolved.ok) return bad(resolved.message);
      for (const chain of resolved.chains) {
        for (const [k, address] of group.address.entries()) {
          const error = validAddress(chain.family, address, `addresses[${i}].address[${k}]`);
          if (error) return bad(error);
          targets.push({ chain, address: address.trim() });
        }
      }
    }
    return page(body, targets, {});
  });

  onEndpoint(router, 'tx.transactions.get', (req, ctx) => {
    const resolved = resolveChains(
      req.query.get('chain_type') as string,
      Number(req.query.get('chain_id')),
    );
    if (!resolved.ok) return bad(resolved.message);
    // no_cache=true|1 asks for a refetch from the chain: the simulated chain gives the same record
    let data = null;
    for (const chain of resolved.chains) {
      data = deps.find(ctx.request, chain, ctx.params.tx_hash as string);
      if (data) break;
    }
    return json({ code: 0, msg: 'success', data });
  });

  onEndpoint(router, 'tx.transactions.batchGet', (req, ctx) => {
    const body = bodyOf(req);
    const resolved = resolveChains(body.chain_type as string, body.chain_id as number);
    if (!resolved.ok) return bad(resolved.message);
    const hashes = [
      ...new Set(typeof body.tx_hash === 'string' ? [body.tx_hash] : (body.tx_hash as string[])),
    ];
    if (hashes.length > BATCH_GET_LIMIT)
      return bad(`tx_hash must contain at most ${BATCH_GET_LIMIT} hashes`);
    const data = [];
    for (const hash of hashes) {
      for (const chain of resolved.chains) {
        const tx = deps.find(ctx.request, chain, hash);
        if (tx) {
          data.push(tx);
          break;
        }
      }
    }
    return json({ code: 0, msg: 'success', data });
  });

  onEndpoint(router, 'tx.dexPools.trades', (req, ctx) => {
    const q = req.query;
    const chainType = (q.get('chainType') ?? q.get('chain_type')) as string;
    const chainId = Number(q.get('chainId') ?? q.get('chain_id'));
    const limit = q.get('limit') === null ? 100 : Number(q.get('limit'));
    const pool = explorer.pools.find(ctx.params.poolAddress as string, chainType, chainId);
    return ok({ items: pool ? explorer.pools.latest(pool, deps.nowSec(), limit) : [] });
  });
}
