import { handleLogout } from '@/lib/auth/login';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = (request: Request) => handleLogout(request);
