import type { APIRequestContext } from '@playwright/test';

/** Monitored from the simulator's first start (INITIAL_WALLETS of its catalogue). */
export const MONITORED = {
  ethereum: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  tron: 'TNXoiAJ3dct8Fjg4M9fkLFh9S2v9TXc32G',
  bitcoin: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
} as const;

export interface Record {
  id: number;
  chain_type: string;
  chain_id: number;
  tx_hash: string;
  tx_status: string;
}

/** transfers/search through the app's gateway, as the browser would call it. */
export async function search(request: APIRequestContext, body: object): Promise<Record[]> {
  const r = await request.post('/api/tx/v1/transfers/search', { data: body });
  const json = (await r.json()) as { code: number; data: Record[] };
  if (json.code !== 1) throw new Error(`search failed: ${JSON.stringify(json)}`);
  return json.data;
}

export const txUrl = (r: Pick<Record, 'chain_type' | 'chain_id' | 'tx_hash'>) =>
  `/tx/${r.chain_type}/${r.chain_id}/${r.tx_hash}`;
