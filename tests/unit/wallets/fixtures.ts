import type { TransferRecord } from '@/lib/contracts/tx/schema';

export const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
export const OTHER = '0x9Bb33E647f1c7c0A33da41120de341C142D8a547';
export const BTC_ME = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
export const BTC_OTHER = 'bc1q37zjn9h09edyrw6706eyrvwszcvktlr03gtftr';

const base = {
  height: 1,
  tx_version: null,
  fee_payer: null,
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
} as const;

let n = 0;
export function evmTx(p: Partial<TransferRecord> = {}): TransferRecord {
  n++;
  return {
    ...base,
    id: 1_795_000_000_000_000 + n,
    chain_type: 'ethereum',
    chain_id: 1,
    tx_time: 1_795_000_000 + n,
    tx_hash: `0x${n.toString(16).padStart(64, '0')}`,
    sender: VITALIK,
    receiver: OTHER,
    transfer_type: 'native',
    amount: '1000000000000000000',
    symbol: 'ETH',
    decimals: 18,
    tx_status: 'success',
    tx_fee: '21000000000000',
    token_transfers: [],
    from_details: [],
    to_details: [],
    internal_transactions: [],
    ...p,
  };
}

export function btcTx(p: Partial<TransferRecord> = {}): TransferRecord {
  return evmTx({
    chain_type: 'bitcoin',
    chain_id: 0,
    tx_hash: 'c60f153cb50aac1452d5d651cd6ffbc3375078e5cdfcdc091d580fa28429795c',
    sender: BTC_OTHER,
    receiver: BTC_ME,
    symbol: 'BTC',
    decimals: 8,
    amount: '120524300',
    tx_fee: '4004',
    from_details: [
      {
        address: BTC_OTHER,
        amount: '127793241',
        is_contract: false,
        vin_index: '0',
        pre_vout_index: '0',
        ref_tx_hash: 'e1',
      },
    ],
    to_details: [
      { address: BTC_ME, amount: '120524300', is_contract: false, vout_index: '0' },
      { address: BTC_OTHER, amount: '7264937', is_contract: false, vout_index: '1' },
    ],
    ...p,
  });
}
