import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { ChainsTable } from '@/components/chains/chains-table';

export default function Loading() {
  return (
    <>
      <PageHeader title="Chains" subtitle="Supported chains, their explorers and native tokens. Open a chain for its native token's live price." />
      <Panel title="Chains">
        <ChainsTable chains={null} />
      </Panel>
    </>
  );
}
