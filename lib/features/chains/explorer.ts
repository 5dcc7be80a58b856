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

const bare = (hash: string) => hash.replace(/^0x/, '');

export function explorerFor(
  explorerUrl: string | null | undefined,
  /** a standard chain type (`ChainType`); anything else has no known path shapes */
  chainType: string,
): Explorer | null {
  const safe = safeHttpUrl(explorerUrl);
  if (!safe) return null;
  const base = safe.replace(/\/+$/, '');
  const name = new URL(base).hostname.replace(/^www\./, '');
  switch (chainType) {
    case 'evm':
      return {
        name,
        tx: (h) => `${base}/tx/${h}`,
        address: (a) => `${base}/address/${a}`,
        token: (a) => `${base}/token/${a}`,
      };
    case 'svm':
      return {
        name,
        tx: (h) => `${base}/tx/${h}`,
        address: (a) => `${base}/account/${a}`,
        token: (a) => `${base}/token/${a}`,
      };
    case 'tvm':
      return {
        name,
        tx: (h) => `${base}/#/transaction/${bare(h)}`,
        address: (a) => `${base}/#/address/${a}`,
        token: (a) => `${base}/#/token20/${a}`,
      };
    case 'utxo':
      return {
        name,
        tx: (h) => `${base}/tx/${bare(h)}`,
        address: (a) => `${base}/address/${a}`,
        token: (a) => `${base}/address/${a}`,
      };
    default:
      return null;
  }
}
