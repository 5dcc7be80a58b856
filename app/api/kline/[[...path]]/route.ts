import { gatewayRoute } from '@/lib/server/gateway/handle';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = gatewayRoute('kline');
