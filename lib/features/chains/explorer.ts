/**
 * Links to a chain's block explorer: the price service's `explorer_url` (http(s) only, like every
 * link from upstream data) with the path shapes of each chain type's explorers. The one rule for
 * the pool pages, the token pages and the wallet feed.
 */
import { safeHttpUrl } from '../../core/safe-url';

export interface Explorer {
  /** the explorer's host, for labels: `etherscan.io` */
  name: string;
  tx: (hash: string) => string;
  address: (address: string) => string;
  token: (address: string) => string;
}

/** Each chain type's paths after the explorer's base URL; `bareHash`: the tx path takes no `0x`. */
interface Paths {
  tx: string;
  address: string;
  token: string;
  bareHash?: boolean;
}

const PATHS: ReadonlyMap<string, Paths> = new Map([
  ['evm', { tx: '/tx/', address: '/address/', token: '/token/' }],
  ['svm', { tx: '/tx/', address: '/account/', token: '/token/' }],
  ['tvm', { tx: '/#/transaction/', address: '/#/address/', token: '/#/token20/', bareHash: true }],
  ['utxo', { tx: '/tx/', address: '/address/', token: '/address/', bareHash: true }],
]);

export function explorerFor(
  explorerUrl: string | null | undefined,
  /** a standard chain type (`ChainType`); anything else has no known path shapes */
  chainType: string,
): Explorer | null {
  const safe = safeHttpUrl(explorerUrl);
  if (!safe) return null;
  const paths = PATHS.get(chainType);
  if (!paths) return null;
  const base = safe.replace(/\/+$/, '');
  return {
    name: new URL(base).hostname.replace(/^www\./, ''),
    tx: (h) => `${base}${paths.tx}${paths.bareHash ? h.replace(/^0x/, '') : h}`,
    address: (a) => `${base}${paths.address}${a}`,
    token: (a) => `${base}${paths.token}${a}`,
  };
}
