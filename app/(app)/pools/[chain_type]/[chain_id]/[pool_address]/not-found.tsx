import { PoolNotFound } from '@/components/pools/pool-not-found';

export default function NotFound() {
  return <PoolNotFound />;
}
