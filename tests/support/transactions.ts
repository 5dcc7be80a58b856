/**
 * One transaction record for every suite: each field of the tx service's TransactionDetail
 * (lib/contracts/tx/schema.ts), a plain 1 ETH transfer from VITALIK to OTHER unless told otherwise;
 * a test passes only the fields it is about.
 */
import type { TransactionDetail } from '@/lib/contracts/tx/schema';

export const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
export const OTHER = '0x9Bb33E647f1c7c0A33da41120de341C142D8a547';

export function transaction<T extends Partial<TransactionDetail>>(
  over: T = {} as T,
): TransactionDetail & T {
  return {
    chain_type: 'ethereum',
    chain_id: 1,
    height: 1,
    tx_time: 1,
    tx_hash: `0x${'1'.padStart(64, '0')}`,
    tx_version: null,
    sender: VITALIK,
    fee_payer: null,
    receiver: OTHER,
    transfer_type: 'native',
    amount: '1000000000000000000',
    symbol: 'ETH',
    decimals: 18,
    tx_status: 'success',
    tx_fee: null,
    gas_limit: null,
    gas_used: null,
    gas_price: null,
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    nonce: null,
    method_id: null,
    method_call: null,
    l1_origin_hash: null,
    token_transfers: [],
    from_details: [],
    to_details: [],
    internal_transactions: [],
    ...over,
  };
}

type TokenTransfer = TransactionDetail['token_transfers'][number];

/** One token transfer of a record (an ERC-20 leg: `amount` of `token` from `from` to `to`). */
export function tokenTransfer(
  token: string,
  symbol: string | null,
  from: string,
  to: string,
  amount: string,
  decimals: number,
): TokenTransfer {
  return {
    from_address: from,
    to_address: to,
    token_contract_address: token,
    symbol,
    amount,
    decimals,
    is_from_contract: false,
    is_to_contract: false,
    from_token_address: null,
    to_token_address: null,
    mint: null,
    program_id: null,
  };
}
