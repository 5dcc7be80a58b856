import { handleLogin } from '@/lib/server/auth/login';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = withAccessLog('auth.login', (request: Request) => handleLogin(request));
