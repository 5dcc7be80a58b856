/** Tron transfers: TRX and TRC-20 (USDT), fees in sun (bandwidth and energy burnt). */
import { encode } from '../../core/address';
import { moved, startTransfer, tokenTransfer, type TransferGenerator } from './gen-util';

export const tronTransfer: TransferGenerator = (ctx, series, t, j, shape) => {
  const chain = series.chain;
  const { d, tx, from, to } = startTransfer(ctx, series, t, j, shape, series.key, {
    length: 20,
    encode: encode.tron,
  });
  const usd = d.logUniform(5, 50_000);
  tx.sender = from;
  tx.receiver = to;

  if (shape.kind === 'token' && shape.token) {
    const token = shape.token;
    const move = moved(ctx, t, usd, 'token', token);
    Object.assign(tx, {
      ...move,
      method_id: 'a9059cbb',
      method_call: 'transfer(address,uint256)',
      // staked energy makes a TRC-20 transfer free; otherwise ~13-27 TRX of energy is burnt
      tx_fee: d.chance(0.4) ? '345000' : String(d.int(13_000, 27_500) * 1_000),
    });
    if (shape.status === 'success')
      tx.token_transfers = [tokenTransfer(token, from, to, move.amount)];
  } else {
    Object.assign(tx, {
      ...moved(ctx, t, usd, 'native', chain.native),
      tx_fee: d.chance(0.7) ? '0' : '1100000',
    });
  }
  if (shape.status === 'pending') tx.tx_fee = null;
  return tx;
};
