import type { TransferRecord } from '@/lib/contracts/tx/schema';

import { transaction } from '../../support/transactions';

export { OTHER, VITALIK } from '../../support/transactions';
export const BTC_ME = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
export const BTC_OTHER = 'bc1q37zjn9h09edyrw6706eyrvwszcvktlr03gtftr';

let n = 0;
export function evmTx(p: Partial<TransferRecord> = {}): TransferRecord {
  n++;
  return {
    ...transaction({
      height: 1,
      tx_time: 1_795_000_000 + n,
      tx_hash: `0x${n.toString(16).padStart(64, '0')}`,
      tx_fee: '21000000000000',
    }),
    id: 1_795_000_000_000_000 + n,
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
