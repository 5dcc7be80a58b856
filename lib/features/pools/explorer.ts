/**
 * Links to a chain's block explorer (the price service's `explorer_url`). Only the path schemes we know
 * are linked: EVM explorers (`/tx/`, `/address/`, `/token/`) and Solscan (`/tx/`, `/account/`).
 */
export interface ExplorerLinks {
  tx: (hash: string) => string;
  address: (address: string) => string;
  token: (address: string) => string;
}

export function explorerLinks(
  explorerUrl: string | null | undefined,
  chainType: string,
): ExplorerLinks | null {
  if (!explorerUrl || !/^https:\/\//.test(explorerUrl)) return null;
  const base = explorerUrl.replace(/\/+$/, '');
  if (chainType === 'evm') {
    return {
      tx: (h) => `${base}/tx/${h}`,
      address: (a) => `${base}/address/${a}`,
      token: (a) => `${base}/token/${a}`,
    };
  }
  if (chainType === 'svm' && /solscan\.io$/.test(base)) {
    return {
      tx: (h) => `${base}/tx/${h}`,
      address: (a) => `${base}/account/${a}`,
      token: (a) => `${base}/token/${a}`,
    };
  }
  return null;
}
