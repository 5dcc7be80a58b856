/** The fiats list for server components, through the gateway in-process. */
import 'server-only';
import { gatewayCall } from '../../server/gateway/in-process';
import { FiatsData, type FiatItem } from '../../contracts/price/schema';

/** `fiats`, or null when the price service does not answer with a list. */
export async function listFiats(): Promise<FiatItem[] | null> {
  const result = await gatewayCall('price', '/fiats');
  if (!result.ok) return null;
  const parsed = FiatsData.safeParse(result.data);
  return parsed.success ? parsed.data.items : null;
}
