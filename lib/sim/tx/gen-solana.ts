/**
 * Solana transfers: SOL, SPL tokens (with token accounts, mint and program id) and Raydium swaps. The
 * instructions go in internal_transactions with their index and stack depth (1 = top level).
 */
import type { InternalTransaction } from '../../contracts/tx/schema';
import { encode } from '../../core/address';
import { bytes } from '../core/rng';
import type { TxToken } from './chains';
import {
  moved,
  startTransfer,
  type Draw,
  formatUnits,
  toUnits,
  tokenTransfer,
  usdPrice,
  type TransferGenerator,
} from './gen-util';

export const SOLANA_PROGRAMS = {
  system: '11111111111111111111111111111111',
  computeBudget: 'ComputeBudget111111111111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  ata: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  raydium: '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
  raydiumAuthority: '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1',
} as const;

/** The associated token account of an owner for a mint (deterministic stand-in for the PDA). */
export function tokenAccount(seed: string, owner: string, mint: string): string {
  return encode.solana(bytes(`${seed}|ata|${owner}|${mint}`, 32));
}

export function instruction(
  index: number,
  depth: number,
  program: string,
  name: string,
  description: string,
  move: { from?: string; to?: string; amount?: string } = {},
  status = 'success',
): InternalTransaction {
  return {
    from_address: move.from ?? null,
    to_address: move.to ?? null,
    amount: move.amount ?? null,
    tx_status: status,
    program_id: program,
    instr_index: index,
    depth,
    instruction: name,
    description,
  };
}

export function computeBudget(d: Draw, status: string): InternalTransaction[] {
  return [
    instruction(
      0,
      1,
      SOLANA_PROGRAMS.computeBudget,
      'setComputeUnitLimit',
      `Set compute unit limit to ${d.int(2, 14) * 10_000}`,
      {},
      status,
    ),
    instruction(
      1,
      1,
      SOLANA_PROGRAMS.computeBudget,
      'setComputeUnitPrice',
      `Set compute unit price to ${d.int(1, 500) * 1_000} micro-lamports`,
      {},
      status,
    ),
  ];
}

export function splTransfer(
  seed: string,
  token: TxToken,
  from: string,
  to: string,
  amount: string,
  extra: { fromContract?: boolean; toContract?: boolean } = {},
) {
  return tokenTransfer(token, from, to, amount, {
    from_token_address: tokenAccount(seed, from, token.address),
    to_token_address: tokenAccount(seed, to, token.address),
    mint: token.address,
    program_id: SOLANA_PROGRAMS.token,
    is_from_contract: extra.fromContract ?? false,
    is_to_contract: extra.toContract ?? false,
  });
}

export const solanaTransfer: TransferGenerator = (ctx, series, t, j, shape) => {
  const chain = series.chain;
  const me = series.key;
  const { d, tx, from, to } = startTransfer(ctx, series, t, j, shape, me, {
    length: 32,
    encode: encode.solana,
  });
  const usd = d.logUniform(2, 40_000);
  const status = shape.status === 'failed' ? 'failed' : 'success';
  const ok = shape.status === 'success';
  const instructions = computeBudget(d, status);

  tx.tx_version = d.chance(0.7) ? 0 : null;
  tx.sender = from;
  tx.fee_payer = from;
  tx.tx_fee = String(5_000 + d.int(0, 200) * 500);

  if (shape.kind === 'native') {
    const move = moved(ctx, t, usd, 'native', chain.native);
    const lamports = move.amount;
    Object.assign(tx, { receiver: to, ...move });
    instructions.push(
      instruction(
        2,
        1,
        SOLANA_PROGRAMS.system,
        'transfer',
        `Transfer ${formatUnits(lamports, 9)} SOL`,
        { from, to, amount: lamports },
        status,
      ),
    );
  } else if (shape.kind === 'token' && shape.token) {
    const token = shape.token;
    const move = moved(ctx, t, usd, 'token', token);
    const { amount } = move;
    Object.assign(tx, { receiver: to, ...move });
    let index = 2;
    if (d.chance(0.25)) {
      instructions.push(
        instruction(
          index++,
          1,
          SOLANA_PROGRAMS.ata,
          'createIdempotent',
          `Create token account for ${to}`,
          {},
          status,
        ),
      );
    }
    instructions.push(
      instruction(
        index,
        1,
        SOLANA_PROGRAMS.token,
        'transferChecked',
        `Transfer ${formatUnits(amount, token.decimals)} ${token.symbol}`,
        {
          from: tokenAccount(ctx.seed, from, token.address),
          to: tokenAccount(ctx.seed, to, token.address),
          amount,
        },
        status,
      ),
    );
    if (ok) tx.token_transfers = [splTransfer(ctx.seed, token, from, to, amount)];
  } else {
    const paid = shape.token ?? chain.tokens[0];
    const got = shape.token2 ?? chain.tokens[1] ?? paid;
    if (!paid || !got) throw new Error('no Solana tokens');
    const amountIn = toUnits(usd / usdPrice(ctx.market, paid.asset, t), paid.decimals);
    const amountOut = toUnits((usd * 0.9975) / usdPrice(ctx.market, got.asset, t), got.decimals);
    const vault = SOLANA_PROGRAMS.raydiumAuthority;
    tx.sender = me;
    tx.fee_payer = me;
    Object.assign(tx, {
      receiver: SOLANA_PROGRAMS.raydium,
      transfer_type: 'token',
      amount: amountIn,
      symbol: paid.symbol,
      decimals: paid.decimals,
    });
    instructions.push(
      instruction(
        2,
        1,
        SOLANA_PROGRAMS.raydium,
        'swapBaseIn',
        `Swap ${formatUnits(amountIn, paid.decimals)} ${paid.symbol} for ${got.symbol}`,
        {},
        status,
      ),
    );
    if (ok) {
      instructions.push(
        instruction(
          2,
          2,
          SOLANA_PROGRAMS.token,
          'transfer',
          `Transfer ${paid.symbol} to the pool`,
          {
            from: tokenAccount(ctx.seed, me, paid.address),
            to: tokenAccount(ctx.seed, vault, paid.address),
            amount: amountIn,
          },
        ),
        instruction(
          2,
          2,
          SOLANA_PROGRAMS.token,
          'transfer',
          `Transfer ${got.symbol} from the pool`,
          {
            from: tokenAccount(ctx.seed, vault, got.address),
            to: tokenAccount(ctx.seed, me, got.address),
            amount: amountOut,
          },
        ),
      );
      tx.token_transfers = [
        splTransfer(ctx.seed, paid, me, vault, amountIn, { toContract: true }),
        splTransfer(ctx.seed, got, vault, me, amountOut, { fromContract: true }),
      ];
    }
  }
  tx.internal_transactions = instructions;
  return tx;
};
