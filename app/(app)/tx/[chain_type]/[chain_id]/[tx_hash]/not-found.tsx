import { TxNotFound } from '@/components/tx/tx-not-found';

export default function NotFound() {
  return <TxNotFound />;
}
