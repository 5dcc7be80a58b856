/** Bitcoin payments: UTXO inputs (from_details) and outputs (to_details) with change; fee = in - out. */
import { hex } from '@scure/base';
import type { FromDetail, ToDetail } from '../../contracts/tx/schema';
import { encode } from '../../core/address';
import { bytes } from '../core/rng';
import { startTransfer, toUnits, usdPrice, type TransferGenerator } from './gen-util';

export const bitcoinTransfer: TransferGenerator = (ctx, series, t, j, shape) => {
  const { d, tx, from, to } = startTransfer(ctx, series, t, j, shape, series.key, {
    length: 20,
    encode: encode.bitcoin,
  });
  const sats = BigInt(toUnits(d.logUniform(20, 250_000) / usdPrice(ctx.market, 'btc', t), 8));
  const inputs = d.int(1, 3);
  const vbytes = 110 + inputs * 68 + 62;
  const fee = BigInt(vbytes * d.int(2, 40));

  // inputs cover amount + fee with some change left over
  const total = sats + fee + (sats * BigInt(d.int(5, 80))) / 100n + BigInt(d.int(1_000, 90_000));
  const fromDetails: FromDetail[] = [];
  let left = total;
  for (let i = 0; i < inputs; i++) {
    const amount = i === inputs - 1 ? left : (left * BigInt(d.int(30, 70))) / 100n;
    left -= amount;
    fromDetails.push({
      address: from,
      amount: String(amount),
      is_contract: false,
      vin_index: String(i),
      pre_vout_index: String(d.int(0, 3)),
      ref_tx_hash: hex.encode(bytes(`${ctx.seed}|vin|${series.fp}|${t}|${j}|${i}`, 32)),
    });
  }
  const change = total - sats - fee;
  const toDetails: ToDetail[] = [
    { address: to, amount: String(sats), is_contract: false, vout_index: '0' },
    { address: from, amount: String(change), is_contract: false, vout_index: '1' },
  ];
  Object.assign(tx, {
    sender: from,
    receiver: to,
    transfer_type: 'native',
    amount: String(sats),
    symbol: 'BTC',
    decimals: 8,
    tx_fee: String(fee),
    from_details: fromDetails,
    to_details: toDetails,
  });
  return tx;
};
