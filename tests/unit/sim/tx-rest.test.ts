import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { txContract } from '@/lib/contracts/tx/endpoints';
import {
  AppConfigEnvelope,
  BatchGetEnvelope,
  ContainsEnvelope,
  PoolTradesEnvelope,
  SuccessEnvelope,
  TransactionEnvelope,
  TransferListEnvelope,
  TxFailure,
  type TransactionDetail,
  type TransferRecord,
} from '@/lib/contracts/tx/schema';
import { BTC_WALLET, SOL_WALLET, startTx, TRON_WALLET, VITALIK, type TxSim } from './tx-harness';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const UNI_POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const RAYDIUM_POOL = '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW';

let sim: TxSim;

beforeAll(async () => {
  sim = await startTx();
});
afterAll(async () => {
  await sim.close();
});

function list(body: unknown): TransferRecord[] {
  return TransferListEnvelope.parse(body).data;
}

function expectBad(reply: { status: number; body: unknown }, field: string) {
  expect(reply.status).toBe(400);
  const failure = TxFailure.parse(reply.body);
  expect(failure.code).toBe(400);
  expect(failure.message).toContain(field);
}

function involves(tx: TransactionDetail, address: string): boolean {
  const a = address.toLowerCase();
  const all = [
    tx.sender,
    tx.receiver,
    tx.fee_payer,
    ...tx.token_transfers.flatMap((t) => [t.from_address, t.to_address]),
    ...tx.from_details.map((d) => d.address),
    ...tx.to_details.map((d) => d.address),
  ];
  return all.some((x) => x?.toLowerCase() === a);
}

function strictlyDecreasing(ids: number[]) {
  for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeLessThan(ids[i - 1] as number);
}

describe('auth and routing', () => {
  it('answers 401 in the tx envelope without or with a wrong key, on every protected endpoint', async () => {
    for (const endpoint of txContract.endpoints.filter((e) => e.auth === 'key')) {
      const path = endpoint.path.replace(':tx_hash', '0xabc');
      for (const key of [null, 'wrong-key']) {
        const reply = await sim.call(endpoint.method, path, {}, { key });
        expect(reply.status, `${endpoint.method} ${path}`).toBe(401);
        expect(reply.body).toEqual({ code: 401, message: 'Unauthorized', data: null });
      }
    }
  });

  it('serves pool trades without a key', async () => {
    const reply = await sim.call(
      'GET',
      `/dex-pools/${UNI_POOL}/trades?chainType=ethereum&chainId=1`,
      undefined,
      {
        key: null,
      },
    );
    expect(reply.status).toBe(200);
    PoolTradesEnvelope.parse(reply.body);
  });

  it('answers 404 for an unknown path or a wrong method', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['DELETE', '/addresses'],
      ['GET', '/transfers/search'],
    ] as const) {
      const reply = await sim.call(method, path);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(txContract.notFound().body);
    }
  });
});

describe('POST transfers/search', () => {
  it('lists the address newest first with code 1 and a default limit of 20', async () => {
    const data = list(
      (await sim.call('POST', '/transfers/search', { address: VITALIK, chain_type: 'ethereum' }))
        .body,
    );
    expect(data).toHaveLength(20);
    strictlyDecreasing(data.map((r) => r.id));
    for (let i = 1; i < data.length; i++)
      expect(data[i]?.tx_time ?? 0).toBeLessThanOrEqual(data[i - 1]?.tx_time ?? 0);
    for (const r of data) {
      expect(r.chain_type).toBe('ethereum');
      expect(r.chain_id).toBe(1);
      expect(involves(r, VITALIK)).toBe(true);
      expect(r.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(r.amount).toMatch(/^\d+$/);
      expect(r.gas_limit).toMatch(/^\d+$/);
    }
  });

  it('lowercases chain_type and searches across EVM chains when it is omitted', async () => {
    const upper = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: VITALIK,
          chain_type: 'ETHEREUM',
          limit: 5,
        })
      ).body,
    );
    expect(upper.every((r) => r.chain_type === 'ethereum')).toBe(true);
    const cross = list(
      (await sim.call('POST', '/transfers/search', { address: VITALIK, limit: 100 })).body,
    );
    const chains = new Set(cross.map((r) => r.chain_type));
    expect(chains.size).toBeGreaterThan(1);
    // The seed's values seen in responses: Base and Arbitrum records are `evm`, told apart by chain_id.
    expect(chains.size).toBeGreaterThan(0);
    for (const c of chains) expect(['ethereum', 'bsc', 'evm']).toContain(c);
    expect(cross.length).toBeGreaterThan(0);
    for (const r of cross) if (r.chain_type === 'evm') expect([8453, 42161]).toContain(r.chain_id);
    strictlyDecreasing(cross.map((r) => r.id));
    const onBsc = list(
      (await sim.call('POST', '/transfers/search', { address: VITALIK, chain_id: 56, limit: 10 }))
        .body,
    );
    expect(onBsc.every((r) => r.chain_type === 'bsc' && r.chain_id === 56)).toBe(true);
  });

  it('pages with the id cursor until a page is short, with at least 200 records', async () => {
    const ids: number[] = [];
    let cursor: number | undefined;
    for (let page = 0; page < 400; page++) {
      const data = list(
        (
          await sim.call('POST', '/transfers/search', {
            address: BTC_WALLET,
            chain_type: 'bitcoin',
            limit: 100,
            id: cursor,
          })
        ).body,
      );
      ids.push(...data.map((r) => r.id));
      if (cursor !== undefined) expect(data.every((r) => r.id < (cursor as number))).toBe(true);
      if (data.length < 100) break;
      cursor = data[data.length - 1]?.id;
    }
    expect(ids.length).toBeGreaterThanOrEqual(200);
    expect(ids.length % 100).not.toBe(0);
    strictlyDecreasing(ids);
  });

  it('shapes records by chain', async () => {
    const sol = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: SOL_WALLET,
          chain_type: 'solana',
          limit: 60,
        })
      ).body,
    );
    expect(
      sol.every(
        (r) => r.fee_payer !== null && r.tx_hash.length >= 64 && !r.tx_hash.startsWith('0x'),
      ),
    ).toBe(true);
    expect(
      sol.every(
        (r) =>
          r.internal_transactions.length > 0 && r.internal_transactions.every((i) => i.program_id),
      ),
    ).toBe(true);
    const spl = sol.flatMap((r) => r.token_transfers);
    expect(spl.length).toBeGreaterThan(0);
    expect(
      spl.every((t) => t.mint && t.program_id && t.from_token_address && t.to_token_address),
    ).toBe(true);

    const btc = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: BTC_WALLET,
          chain_type: 'bitcoin',
          limit: 20,
        })
      ).body,
    );
    expect(btc.length).toBeGreaterThan(0);
    for (const r of btc) {
      expect(r.from_details.length).toBeGreaterThan(0);
      expect(r.to_details.length).toBeGreaterThan(0);
      expect(r.from_details[0]?.ref_tx_hash).toMatch(/^[0-9a-f]{64}$/);
      const inputs = r.from_details.reduce((s, d) => s + BigInt(d.amount ?? '0'), 0n);
      const outputs = r.to_details.reduce((s, d) => s + BigInt(d.amount ?? '0'), 0n);
      expect(String(inputs - outputs)).toBe(r.tx_fee);
    }

    const tron = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: TRON_WALLET,
          chain_type: 'tron',
          tx_type: 'token',
          limit: 10,
        })
      ).body,
    );
    expect(tron.length).toBe(10);
    for (const r of tron) {
      expect(r.transfer_type).toBe('token');
      if (r.tx_status === 'success')
        expect(r.token_transfers[0]?.token_contract_address).toBe(
          'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        );
    }

    const base = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: VITALIK,
          chain_type: 'base',
          limit: 5,
        })
      ).body,
    );
    expect(base.every((r) => typeof r.l1_origin_hash === 'string')).toBe(true);
    const eth = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: VITALIK,
          chain_type: 'ethereum',
          limit: 5,
        })
      ).body,
    );
    expect(eth.every((r) => r.l1_origin_hash === null && r.nonce !== null)).toBe(true);
  });

  it('filters by tx_type and token', async () => {
    const native = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: VITALIK,
          tx_type: 'native',
          limit: 30,
        })
      ).body,
    );
    expect(native.length).toBe(30);
    expect(native.every((r) => r.transfer_type === 'native')).toBe(true);
    const token = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: VITALIK,
          tx_type: 'token',
          limit: 30,
        })
      ).body,
    );
    expect(token.every((r) => r.transfer_type === 'token')).toBe(true);
    const usdc = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: VITALIK,
          chain_type: 'ethereum',
          token: USDC_ETH.toLowerCase(),
          limit: 15,
        })
      ).body,
    );
    expect(usdc.length).toBe(15);
    for (const r of usdc) {
      expect(
        r.token_transfers.some(
          (t) => t.token_contract_address?.toLowerCase() === USDC_ETH.toLowerCase(),
        ),
      ).toBe(true);
    }
    const all = list(
      (await sim.call('POST', '/transfers/search', { address: VITALIK, tx_type: '', limit: 30 }))
        .body,
    );
    expect(new Set(all.map((r) => r.transfer_type)).size).toBe(2);
  });

  it('rejects bad input with HTTP 400 naming the field', async () => {
    expectBad(await sim.call('POST', '/transfers/search', {}), 'address');
    expectBad(await sim.call('POST', '/transfers/search', { address: VITALIK, limit: 0 }), 'limit');
    expectBad(
      await sim.call('POST', '/transfers/search', { address: VITALIK, limit: 101 }),
      'limit',
    );
    expectBad(
      await sim.call('POST', '/transfers/search', { address: VITALIK, limit: '20' }),
      'limit',
    );
    expectBad(
      await sim.call('POST', '/transfers/search', { address: VITALIK, tx_type: 'nft' }),
      'tx_type',
    );
    expectBad(await sim.call('POST', '/transfers/search', { address: VITALIK, id: 'x' }), 'id');
    expectBad(
      await sim.call('POST', '/transfers/search', { address: VITALIK, chain_id: '1' }),
      'chain_id',
    );
    expectBad(
      await sim.call('POST', '/transfers/search', { address: VITALIK, chain_type: 'dogecoin' }),
      'chain_type',
    );
    expectBad(
      await sim.call('POST', '/transfers/search', {
        address: VITALIK,
        chain_type: 'ethereum',
        chain_id: 56,
      }),
      'chain_id',
    );
    expectBad(
      await sim.call('POST', '/transfers/search', { address: '0x1234', chain_type: 'ethereum' }),
      'address',
    );
    expectBad(
      await sim.call('POST', '/transfers/search', { address: SOL_WALLET, chain_type: 'tron' }),
      'address',
    );
    expectBad(await sim.call('POST', '/transfers/search', undefined, { raw: '{not json' }), 'body');
  });
});

describe('POST transfers/multi-chain', () => {
  it('merges groups newest first and pages with the cursor', async () => {
    const body = {
      addresses: [
        { chain_type: 'ethereum', chain_id: 1, address: [VITALIK] },
        { chain_type: 'solana', chain_id: 501, address: [SOL_WALLET] },
      ],
      limit: 100,
    };
    const first = list((await sim.call('POST', '/transfers/multi-chain', body)).body);
    expect(first).toHaveLength(100);
    expect(new Set(first.map((r) => r.chain_type))).toEqual(new Set(['ethereum', 'solana']));
    strictlyDecreasing(first.map((r) => r.id));
    const cursor = first[first.length - 1]?.id as number;
    const second = list(
      (await sim.call('POST', '/transfers/multi-chain', { ...body, id: cursor, limit: 50 })).body,
    );
    expect(second).toHaveLength(50);
    expect(second.every((r) => r.id < cursor)).toBe(true);
    const byDefault = list(
      (await sim.call('POST', '/transfers/multi-chain', { addresses: body.addresses })).body,
    );
    expect(byDefault).toHaveLength(20);
    const viaEvm = list(
      (
        await sim.call('POST', '/transfers/multi-chain', {
          addresses: [{ chain_type: 'evm', chain_id: 8453, address: [VITALIK] }],
          limit: 5,
        })
      ).body,
    );
    expect(viaEvm.length).toBeGreaterThan(0);
    expect(viaEvm.every((r) => r.chain_type === 'evm' && r.chain_id === 8453)).toBe(true);
  });

  it('enforces 1 to 10 groups and 1 to 20 addresses per group', async () => {
    const group = { chain_type: 'ethereum', chain_id: 1, address: [VITALIK] };
    expectBad(await sim.call('POST', '/transfers/multi-chain', { addresses: [] }), 'addresses');
    expectBad(
      await sim.call('POST', '/transfers/multi-chain', { addresses: Array(11).fill(group) }),
      'addresses',
    );
    const ok = await sim.call('POST', '/transfers/multi-chain', {
      addresses: Array(10).fill(group),
      limit: 1,
    });
    expect(list(ok.body)).toHaveLength(1);
    const twenty = Array.from(
      { length: 20 },
      (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`,
    );
    expect(
      list(
        (
          await sim.call('POST', '/transfers/multi-chain', {
            addresses: [{ ...group, address: twenty }],
          })
        ).body,
      ),
    ).toHaveLength(20);
    expectBad(
      await sim.call('POST', '/transfers/multi-chain', {
        addresses: [{ ...group, address: [...twenty, VITALIK] }],
      }),
      'addresses[0].address',
    );
    expectBad(
      await sim.call('POST', '/transfers/multi-chain', { addresses: [{ ...group, address: [] }] }),
      'addresses[0].address',
    );
    expectBad(
      await sim.call('POST', '/transfers/multi-chain', {
        addresses: [{ chain_type: 'ethereum', address: [VITALIK] }],
      }),
      'addresses[0].chain_id',
    );
    expectBad(
      await sim.call('POST', '/transfers/multi-chain', {
        addresses: [{ chain_id: 1, address: [VITALIK] }],
      }),
      'addresses[0].chain_type',
    );
    expectBad(
      await sim.call('POST', '/transfers/multi-chain', { addresses: [group], limit: 500 }),
      'limit',
    );
  });
});

describe('transactions by hash', () => {
  it('finds any listed transaction, with or without 0x, code 0 msg success', async () => {
    const [tx] = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: VITALIK,
          chain_type: 'ethereum',
          limit: 1,
        })
      ).body,
    );
    if (!tx) throw new Error('no transaction');
    for (const hash of [
      tx.tx_hash,
      tx.tx_hash.slice(2),
      tx.tx_hash.toUpperCase().replace('0X', '0x'),
    ]) {
      const reply = await sim.call('GET', `/transactions/${hash}?chain_type=ethereum&chain_id=1`);
      expect(reply.status).toBe(200);
      const env = TransactionEnvelope.parse(reply.body);
      expect(env.data?.tx_hash).toBe(tx.tx_hash);
      expect(env.data).toEqual(tx);
    }
    const fresh = TransactionEnvelope.parse(
      (await sim.call('GET', `/transactions/${tx.tx_hash}?chain_type=evm&chain_id=1&no_cache=true`))
        .body,
    );
    expect(fresh.data).toEqual(tx);
    expect(
      TransactionEnvelope.parse(
        (
          await sim.call(
            'GET',
            `/transactions/${tx.tx_hash}?chain_type=ethereum&chain_id=1&no_cache=1`,
          )
        ).body,
      ).data,
    ).toEqual(tx);
  });

  it('finds Solana, Tron and Bitcoin transactions and pool trades', async () => {
    for (const [address, chain, id] of [
      [SOL_WALLET, 'solana', 501],
      [TRON_WALLET, 'tron', 728126428],
      [BTC_WALLET, 'bitcoin', 0],
    ] as const) {
      const records = list(
        (
          await sim.call('POST', '/transfers/search', {
            address,
            chain_type: chain,
            limit: 3,
            id: 1 << 30,
          })
        ).body,
      );
      expect(records).toHaveLength(0);
      const [tx] = list(
        (await sim.call('POST', '/transfers/search', { address, chain_type: chain, limit: 1 }))
          .body,
      );
      const found = TransactionEnvelope.parse(
        (await sim.call('GET', `/transactions/${tx?.tx_hash}?chain_type=${chain}&chain_id=${id}`))
          .body,
      );
      expect(found.data?.tx_hash).toBe(tx?.tx_hash);
    }
    const trades = PoolTradesEnvelope.parse(
      (
        await sim.call(
          'GET',
          `/dex-pools/${RAYDIUM_POOL}/trades?chainType=solana&chainId=501&limit=1`,
        )
      ).body,
    );
    const trade = trades.data.items[0];
    const found = TransactionEnvelope.parse(
      (await sim.call('GET', `/transactions/${trade?.tx_hash}?chain_type=solana&chain_id=501`))
        .body,
    );
    expect(found.data?.tx_hash).toBe(trade?.tx_hash);
  });

  it('answers data null for an unknown transaction and 400 without chain_type or chain_id', async () => {
    const unknown = `0x${'ab'.repeat(32)}`;
    const reply = await sim.call('GET', `/transactions/${unknown}?chain_type=ethereum&chain_id=1`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ code: 0, msg: 'success', data: null });
    expectBad(await sim.call('GET', `/transactions/${unknown}?chain_id=1`), 'chain_type');
    expectBad(await sim.call('GET', `/transactions/${unknown}?chain_type=ethereum`), 'chain_id');
    expectBad(
      await sim.call('GET', `/transactions/${unknown}?chain_type=ethereum&chain_id=abc`),
      'chain_id',
    );
  });

  it('batch-gets a string or a list, leaving unknown hashes out', async () => {
    const txs = list(
      (
        await sim.call('POST', '/transfers/search', {
          address: VITALIK,
          chain_type: 'ethereum',
          limit: 3,
        })
      ).body,
    );
    const hashes = txs.map((t) => t.tx_hash);
    const many = BatchGetEnvelope.parse(
      (
        await sim.call('POST', '/transactions/batch-get', {
          chain_type: 'ethereum',
          chain_id: 1,
          tx_hash: [...hashes, `0x${'cd'.repeat(32)}`],
        })
      ).body,
    );
    expect(many).toMatchObject({ code: 0, msg: 'success' });
    expect(many.data.map((t) => t.tx_hash)).toEqual(hashes);
    const one = BatchGetEnvelope.parse(
      (
        await sim.call('POST', '/transactions/batch-get', {
          chain_type: 'ethereum',
          chain_id: 1,
          tx_hash: hashes[0],
        })
      ).body,
    );
    expect(one.data).toHaveLength(1);
    expectBad(
      await sim.call('POST', '/transactions/batch-get', { chain_type: 'ethereum', chain_id: 1 }),
      'tx_hash',
    );
    expectBad(
      await sim.call('POST', '/transactions/batch-get', { chain_id: 1, tx_hash: hashes }),
      'chain_type',
    );
    expectBad(
      await sim.call('POST', '/transactions/batch-get', {
        chain_type: 'ethereum',
        tx_hash: hashes,
      }),
      'chain_id',
    );
  });
});

describe('GET dex-pools/{poolAddress}/trades', () => {
  it('keeps a full FIFO of 100, newest first, and honours limit', async () => {
    const full = PoolTradesEnvelope.parse(
      (await sim.call('GET', `/dex-pools/${UNI_POOL}/trades?chainType=ethereum&chainId=1`)).body,
    );
    expect(full).toMatchObject({ code: 0, message: 'ok' });
    expect(full.data.items).toHaveLength(100);
    strictlyDecreasing(full.data.items.map((t) => t.id));
    const times = full.data.items.map((t) => t.tx_time ?? 0);
    for (let i = 1; i < times.length; i++) {
      const gap = (times[i - 1] as number) - (times[i] as number);
      expect(gap).toBeGreaterThanOrEqual(1);
      expect(gap).toBeLessThanOrEqual(5);
    }
    expect(full.data.items.length).toBeGreaterThan(0);
    for (const trade of full.data.items) {
      expect(trade.token_transfers).toHaveLength(2);
      const pool = trade.token_transfers.filter((t) =>
        [t.from_address, t.to_address].some((a) => a?.toLowerCase() === UNI_POOL),
      );
      expect(pool).toHaveLength(2);
      expect(trade.token_transfers.every((t) => /^\d+$/.test(t.amount ?? ''))).toBe(true);
      expect(new Set(trade.token_transfers.map((t) => t.symbol))).toEqual(
        new Set(['WETH', 'USDC']),
      );
    }
    const five = PoolTradesEnvelope.parse(
      (
        await sim.call(
          'GET',
          `/dex-pools/${UNI_POOL.toUpperCase().replace('0X', '0x')}/trades?chain_type=evm&chain_id=1&limit=5`,
        )
      ).body,
    );
    expect(five.data.items).toHaveLength(5);
  });

  it('prices trades near the market', async () => {
    const { data } = PoolTradesEnvelope.parse(
      (await sim.call('GET', `/dex-pools/${UNI_POOL}/trades?chainType=ethereum&chainId=1&limit=20`))
        .body,
    );
    for (const trade of data.items) {
      const weth = trade.token_transfers.find((t) => t.symbol === 'WETH');
      const usdc = trade.token_transfers.find((t) => t.symbol === 'USDC');
      const price = Number(usdc?.amount) / 1e6 / (Number(weth?.amount) / 1e18);
      expect(price).toBeGreaterThan(300);
      expect(price).toBeLessThan(30_000);
    }
  });

  it('moves as time passes', async () => {
    const path = `/dex-pools/${RAYDIUM_POOL}/trades?chainType=solana&chainId=501&limit=100`;
    const before = PoolTradesEnvelope.parse(
      (await sim.call('GET', path, undefined, { key: null })).body,
    ).data.items;
    sim.clock.offset += 30_000;
    try {
      const after = PoolTradesEnvelope.parse(
        (await sim.call('GET', path, undefined, { key: null })).body,
      ).data.items;
      expect(after).toHaveLength(100);
      expect(after[0]?.id).toBeGreaterThan(before[0]?.id as number);
      const overlap = after.filter((t) => before.some((b) => b.tx_hash === t.tx_hash));
      expect(overlap.length).toBeGreaterThan(50);
      expect(overlap.length).toBeLessThan(100);
    } finally {
      sim.clock.offset -= 30_000;
    }
  });

  it('answers items [] for an unknown pool and 400 for bad parameters', async () => {
    const unknown = PoolTradesEnvelope.parse(
      (await sim.call('GET', `/dex-pools/0x${'1'.repeat(40)}/trades?chainType=ethereum&chainId=1`))
        .body,
    );
    expect(unknown.data.items).toEqual([]);
    const wrongChain = PoolTradesEnvelope.parse(
      (await sim.call('GET', `/dex-pools/${UNI_POOL}/trades?chainType=ethereum&chainId=56`)).body,
    );
    expect(wrongChain.data.items).toEqual([]);
    expectBad(await sim.call('GET', `/dex-pools/${UNI_POOL}/trades?chainId=1`), 'chainType');
    expectBad(await sim.call('GET', `/dex-pools/${UNI_POOL}/trades?chainType=ethereum`), 'chainId');
    expectBad(
      await sim.call('GET', `/dex-pools/${UNI_POOL}/trades?chainType=ethereum&chainId=1&limit=0`),
      'limit',
    );
    expectBad(
      await sim.call('GET', `/dex-pools/${UNI_POOL}/trades?chainType=ethereum&chainId=1&limit=101`),
      'limit',
    );
  });
});

describe('monitored addresses', () => {
  const EXTRA = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';

  it('adds, checks, patches and deletes', async () => {
    const contains = async (chain_type: string, address: string) =>
      ContainsEnvelope.parse(
        (await sim.call('POST', '/addresses/contains', { chain_type, address })).body,
      ).data.is_exist;

    expect(await contains('ethereum', VITALIK.toLowerCase())).toBe(true);
    expect(await contains('ethereum', EXTRA)).toBe(false);
    const added = await sim.call('POST', '/addresses', {
      wallets: [{ chain_type: 'Ethereum', address: [EXTRA.toLowerCase()] }],
    });
    expect(SuccessEnvelope.parse(added.body)).toEqual({ code: 0, message: 'ok', data: 'success' });
    expect(await contains('ethereum', EXTRA)).toBe(true);
    expect(await contains('evm', EXTRA)).toBe(true);
    expect(await contains('bsc', EXTRA)).toBe(false);

    SuccessEnvelope.parse(
      (await sim.call('POST', '/addresses', { wallets: [{ chain_type: 'evm', address: [EXTRA] }] }))
        .body,
    );
    expect(await contains('bsc', EXTRA)).toBe(true);
    SuccessEnvelope.parse(
      (
        await sim.call('POST', '/addresses/batch-delete', {
          wallets: [
            { chain_type: 'evm', address: [EXTRA] },
            { chain_type: 'ethereum', address: [EXTRA] },
          ],
        })
      ).body,
    );
    expect(await contains('ethereum', EXTRA)).toBe(false);
    expect(await contains('bsc', EXTRA)).toBe(false);

    SuccessEnvelope.parse(
      (
        await sim.call('PATCH', '/addresses', {
          chain_type: 'tron',
          adds: ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
        })
      ).body,
    );
    expect(await contains('tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(true);
    SuccessEnvelope.parse(
      (
        await sim.call('PATCH', '/addresses', {
          chain_type: 'tron',
          removes: ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
        })
      ).body,
    );
    expect(await contains('tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(false);
    SuccessEnvelope.parse((await sim.call('PATCH', '/addresses', { chain_type: 'tron' })).body);
  });

  it('validates groups, chains and address formats', async () => {
    expectBad(await sim.call('POST', '/addresses', {}), 'wallets');
    expectBad(await sim.call('POST', '/addresses', { wallets: [] }), 'wallets');
    expectBad(
      await sim.call('POST', '/addresses', { wallets: [{ chain_type: 'ethereum', address: [] }] }),
      'wallets[0].address',
    );
    expectBad(
      await sim.call('POST', '/addresses', { wallets: [{ address: [VITALIK] }] }),
      'wallets[0].chain_type',
    );
    expectBad(
      await sim.call('POST', '/addresses', {
        wallets: [{ chain_type: 'cosmos', address: [VITALIK] }],
      }),
      'chain_type',
    );
    expectBad(
      await sim.call('POST', '/addresses', {
        wallets: [{ chain_type: 'solana', address: [VITALIK] }],
      }),
      'wallets[0].address[0]',
    );
    expectBad(await sim.call('POST', '/addresses/batch-delete', { wallets: [] }), 'wallets');
    expectBad(await sim.call('PATCH', '/addresses', { adds: [VITALIK] }), 'chain_type');
    expectBad(
      await sim.call('PATCH', '/addresses', { chain_type: 'bitcoin', adds: ['bc1qnotvalid'] }),
      'adds[0]',
    );
    expectBad(await sim.call('POST', '/addresses/contains', { chain_type: 'ethereum' }), 'address');
    expectBad(await sim.call('POST', '/addresses/contains', { address: VITALIK }), 'chain_type');
  });

  it('treats contains as global: the answer does not depend on which app asks', async () => {
    // one key per simulator; what matters is that nothing but the list decides
    const reply = await sim.call('POST', '/addresses/contains', {
      chain_type: 'bitcoin',
      address: BTC_WALLET,
    });
    expect(ContainsEnvelope.parse(reply.body).data.is_exist).toBe(true);
  });
});

describe('app config', () => {
  it('returns the resource without webhook_secret and applies PUT and POST', async () => {
    const first = AppConfigEnvelope.parse((await sim.call('GET', '/app/config')).body);
    expect(first).toMatchObject({ code: 0, message: 'ok' });
    expect(first.data).toMatchObject({
      enable_ws: true,
      enable_webhook: false,
      webhook_url: null,
      ws_ack_resend_interval_seconds: 30,
      is_active: true,
      webhook_delivery_status: 'active',
      webhook_retrying_since: null,
    });
    expect(Number.isNaN(Date.parse(first.data.created_at))).toBe(false);

    await new Promise((r) => setTimeout(r, 5));
    const put = await sim.call('PUT', '/app/config', {
      ws_ack_resend_interval_seconds: 45,
      webhook_secret: 'top-secret',
      webhook_url: 'https://example.com/hook',
    });
    expect(SuccessEnvelope.parse(put.body).data).toBe('success');
    const after = await sim.call('GET', '/app/config');
    const cfg = AppConfigEnvelope.parse(after.body).data;
    expect(cfg.ws_ack_resend_interval_seconds).toBe(45);
    expect(cfg.webhook_url).toBe('https://example.com/hook');
    expect(cfg.app_id).toBe(first.data.app_id);
    expect(cfg.updated_at > first.data.updated_at).toBe(true);
    expect(JSON.stringify(after.body)).not.toContain('top-secret');
    expect(after.body).not.toHaveProperty('data.webhook_secret');

    const post = await sim.call('POST', '/app/config', {
      webhook_url: null,
      webhook_secret: 'rotated',
    });
    expect(SuccessEnvelope.parse(post.body).data).toBe('success');
    expect(
      AppConfigEnvelope.parse((await sim.call('GET', '/app/config')).body).data.webhook_url,
    ).toBeNull();
    SuccessEnvelope.parse(
      (await sim.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 30 })).body,
    );
  });

  it('rejects wrongly typed fields with 400 naming them', async () => {
    expectBad(await sim.call('PUT', '/app/config', { enable_ws: 'yes' }), 'enable_ws');
    expectBad(await sim.call('PUT', '/app/config', { is_active: 1 }), 'is_active');
    expectBad(
      await sim.call('PUT', '/app/config', { webhook_url: 'ftp://example.com' }),
      'webhook_url',
    );
    expectBad(await sim.call('PUT', '/app/config', { webhook_url: 'not a url' }), 'webhook_url');
    expectBad(
      await sim.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 0 }),
      'ws_ack_resend_interval_seconds',
    );
    expectBad(
      await sim.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 1.5 }),
      'ws_ack_resend_interval_seconds',
    );
    expectBad(await sim.call('POST', '/app/config', { webhook_secret: 42 }), 'webhook_secret');
    // Sent verbatim in the Sign header: a secret no header can carry is refused, not accepted and
    // then failing every delivery.
    expectBad(
      await sim.call('PUT', '/app/config', { webhook_secret: 's3cr3t-Ω' }),
      'webhook_secret',
    );
    expectBad(await sim.call('PUT', '/app/config', [1, 2]), 'body');
  });
});

describe('persistence', () => {
  it('keeps addresses, config and history across a restart', async () => {
    const a = await startTx();
    const EXTRA = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    await a.call('POST', '/addresses', { wallets: [{ chain_type: 'tron', address: [EXTRA] }] });
    await a.call('POST', '/addresses/batch-delete', {
      wallets: [{ chain_type: 'bitcoin', address: [BTC_WALLET] }],
    });
    await a.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 12, enable_ws: false });
    const firstConfig = AppConfigEnvelope.parse((await a.call('GET', '/app/config')).body).data;
    const page = list(
      (await a.call('POST', '/transfers/search', { address: EXTRA, limit: 10 })).body,
    );
    await a.close(true);

    const b = await startTx({}, a.stateDir);
    try {
      const contains = async (chain_type: string, address: string) =>
        ContainsEnvelope.parse(
          (await b.call('POST', '/addresses/contains', { chain_type, address })).body,
        ).data.is_exist;
      expect(await contains('tron', EXTRA)).toBe(true);
      expect(await contains('bitcoin', BTC_WALLET)).toBe(false);
      expect(await contains('ethereum', VITALIK)).toBe(true);
      expect(AppConfigEnvelope.parse((await b.call('GET', '/app/config')).body).data).toEqual(
        firstConfig,
      );
      expect(
        list((await b.call('POST', '/transfers/search', { address: EXTRA, limit: 10 })).body),
      ).toEqual(page);
      const found = TransactionEnvelope.parse(
        (
          await b.call(
            'GET',
            `/transactions/${page[0]?.tx_hash}?chain_type=tron&chain_id=728126428`,
          )
        ).body,
      );
      expect(found.data?.tx_hash).toBe(page[0]?.tx_hash);
    } finally {
      await b.close();
    }
  });
});
