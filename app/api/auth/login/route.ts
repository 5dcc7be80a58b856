import { handleLogin } from '@/lib/server/auth/login';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = (request: Request) => handleLogin(request);
