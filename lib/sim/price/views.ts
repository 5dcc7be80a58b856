/** Wire shapes of the chain and token resources, from the catalogue records. */
import { CHAINS, type SimChain } from '../catalogue';
import type { ChainItem, TokenDetailItem, TokenItem } from '../../contracts/price/schema';
import { fixedString } from './format';
import type { TokenRecord } from './tokens';

export function chainItem(chain: SimChain): ChainItem {
  return {
    id: chain.id,
    name: chain.name,
    short_name: chain.short_name,
    chain_id: chain.chain_id,
    chain_type: chain.chain_type,
    chain_icon_url: chain.chain_icon_url,
    explorer_url: chain.explorer_url,
  };
}

/**
 * `chains/{id_or_name}`: a number is an internal id first, then a protocol chain id (so `56` finds
 * BNB Smart Chain and `1` Ethereum either way); anything else is a name or short name, any case.
 */
export function findChain(idOrName: string): SimChain | undefined {
  const value = idOrName.trim();
  if (/^\d+$/.test(value)) {
    const n = Number(value);
    return CHAINS.find((c) => c.id === n) ?? CHAINS.find((c) => c.chain_id === n);
  }
  const lower = value.toLowerCase();
  return CHAINS.find((c) => c.name.toLowerCase() === lower || c.short_name.toLowerCase() === lower);
}

export function tokenItem(token: TokenRecord): TokenItem {
  return {
    id: token.id,
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    ...(token.logo ? { logo_url: token.logo } : {}),
    chain_id: token.chain.id,
    chain_name: token.chain.name,
    ...(token.address !== null ? { contract_address: token.address } : {}),
    is_native: token.address === null,
  };
}

export function tokenDetailItem(token: TokenRecord): TokenDetailItem {
  const m = token.market;
  return {
    ...tokenItem(token),
    // An unlimited supply has no max_supply at all (the field is optional in the seed).
    ...(m.max !== null ? { max_supply: fixedString(m.max, 0) } : {}),
    circulating_supply: fixedString(m.circulating, 0),
    total_supply: fixedString(m.total, 0),
    external_ids: [
      { source: 'coingecko', external_id: m.coingecko },
      { source: 'coinmarketcap', external_id: m.cmc },
    ],
  };
}
