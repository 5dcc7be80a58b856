/** The fiats list for server components, through the price service's typed client. */
import 'server-only';
import type { FiatItem } from '../../contracts/price/schema';
import { priceClient } from '../../upstream/price/client';
import { load } from '../../upstream/result';

/** `fiats`, or null when the price service does not answer with a list. */
export async function listFiats(): Promise<FiatItem[] | null> {
  const result = await load(() => priceClient.fiats());
  return result.ok ? result.value : null;
}
