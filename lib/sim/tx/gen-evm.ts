/** EVM transfers: native value, ERC-20 transfers and router swaps, with chain-typical gas. */
import { hex } from '@scure/base';
import { encode, toChecksumAddress } from '../../core/address';
import { bytes } from '../core/rng';
import type { TxChain } from './chains';
import {
  moved,
  startTransfer,
  type Draw,
  toUnits,
  tokenTransfer,
  usdPrice,
  type TransferGenerator,
} from './gen-util';

const ROUTERS: Record<string, string> = {
  ethereum: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD',
  base: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD',
  arbitrum: '0x5E325eDA8064b456f4781070C0738d849c824258',
  bsc: '0x13f4EA83D0bd40E75C8222255bc855a974568Dd4',
};

export interface Gas {
  /** effective price, wei */
  price: bigint;
  maxFee: string;
  priority: string;
}

export function gasFor(chain: TxChain, d: Draw): Gas {
  const gwei = (x: number) => BigInt(Math.max(1, Math.round(x * 1e9)));
  switch (chain.name) {
    case 'bsc':
      // legacy transactions: no EIP-1559 fields, which the upstream reports as empty strings
      return { price: gwei(d.pick([1, 1, 1, 3])), maxFee: '', priority: '' };
    case 'base':
    case 'arbitrum': {
      const price = gwei(
        chain.name === 'base' ? d.logUniform(0.002, 0.05) : d.logUniform(0.01, 0.1),
      );
      return {
        price,
        maxFee: String((price * BigInt(d.int(12, 20))) / 10n),
        priority: String(gwei(0.0005)),
      };
    }
    default: {
      const priority = gwei(d.logUniform(0.01, 2));
      const price = gwei(d.logUniform(2, 40)) + priority;
      if (d.chance(0.15)) return { price, maxFee: '', priority: '' };
      return {
        price,
        maxFee: String((price * BigInt(d.int(12, 20))) / 10n),
        priority: String(priority),
      };
    }
  }
}

export const evmTransfer: TransferGenerator = (ctx, series, t, j, shape) => {
  const chain = series.chain;
  const me = toChecksumAddress(series.key);
  const { d, tx, from, to } = startTransfer(ctx, series, t, j, shape, me, {
    length: 20,
    encode: encode.evm,
  });
  const usd = d.logUniform(5, 60_000);
  const gas = gasFor(chain, d);
  const ok = shape.status === 'success';
  let gasLimit: number;
  let gasUsed: number;

  tx.sender = from;
  if (shape.kind === 'native') {
    gasLimit = 21_000;
    gasUsed = 21_000;
    Object.assign(tx, {
      receiver: to,
      ...moved(ctx, t, usd, 'native', chain.native),
      method_id: '',
      method_call: '',
    });
  } else if (shape.kind === 'token' && shape.token) {
    const token = shape.token;
    const move = moved(ctx, t, usd, 'token', token);
    gasLimit = d.int(60_000, 95_000);
    gasUsed = Math.round(gasLimit * (0.6 + d.r() * 0.35));
    Object.assign(tx, {
      receiver: to,
      ...move,
      method_id: '0xa9059cbb',
      method_call: 'transfer(address,uint256)',
    });
    if (ok) tx.token_transfers = [tokenTransfer(token, from, to, move.amount)];
  } else {
    const paid = shape.token ?? chain.tokens[0];
    const got = shape.token2 ?? chain.tokens[1] ?? paid;
    if (!paid || !got) throw new Error(`no tokens on ${chain.name}`);
    const pool = encode.evm(
      bytes(`${ctx.seed}|pool|${chain.name}|${paid.address}|${got.address}`, 20),
    );
    const amountIn = toUnits(usd / usdPrice(ctx.market, paid.asset, t), paid.decimals);
    const amountOut = toUnits((usd * 0.997) / usdPrice(ctx.market, got.asset, t), got.decimals);
    gasLimit = d.int(180_000, 400_000);
    gasUsed = Math.round(gasLimit * (0.55 + d.r() * 0.35));
    tx.sender = me;
    Object.assign(tx, {
      receiver: ROUTERS[chain.name] ?? pool,
      transfer_type: 'token',
      amount: amountIn,
      symbol: paid.symbol,
      decimals: paid.decimals,
      method_id: '0x3593564c',
      method_call: 'execute(bytes,bytes[],uint256)',
    });
    if (ok) {
      tx.token_transfers = [
        tokenTransfer(paid, me, pool, amountIn, { is_to_contract: true }),
        tokenTransfer(got, pool, me, amountOut, { is_from_contract: true }),
      ];
    }
  }
  if (chain.name === 'arbitrum') gasUsed *= d.int(3, 6); // the L1 data component is billed as L2 gas
  if (chain.name === 'arbitrum') gasLimit = Math.max(gasLimit, gasUsed + d.int(5_000, 40_000));
  if (shape.status === 'failed') gasUsed = Math.min(gasLimit, Math.round(gasUsed * 0.8));

  tx.gas_limit = String(gasLimit);
  tx.gas_price = String(gas.price);
  tx.max_fee_per_gas = gas.maxFee;
  tx.max_priority_fee_per_gas = gas.priority;
  if (shape.status !== 'pending') {
    tx.gas_used = String(gasUsed);
    tx.tx_fee = String(BigInt(gasUsed) * gas.price);
  }
  tx.nonce = String(
    tx.sender === me
      ? (series.fp % 900) + Math.floor((t - 1_600_000_000) / 5_400) + j
      : d.int(0, 250_000),
  );
  if (chain.l2)
    tx.l1_origin_hash = `0x${hex.encode(bytes(`${ctx.seed}|l1|${chain.name}|${Math.floor(t / 60)}`, 32))}`;
  return tx;
};
