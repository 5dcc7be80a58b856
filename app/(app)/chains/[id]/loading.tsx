import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';

export default function Loading() {
  return (
    <>
      <PageHeader title={<Skeleton width={180} height={22} />} subtitle="Chain details and the native token's live price in your display fiat." />
      <div className="grid gap-3" aria-busy>
        <Panel title="Chain">
          <div className="grid grid-cols-2 gap-px bg-border sm:grid-cols-3 lg:grid-cols-5">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className={`bg-panel px-3 py-2 ${i === 5 ? 'col-span-2 sm:col-span-3 lg:col-span-5' : ''}`}>
                <Skeleton width={60} height={9} />
                <div className="mt-1.5"><Skeleton width={90} height={13} /></div>
              </div>
            ))}
          </div>
        </Panel>
        <Panel title="Native token">
          <div className="flex h-[66px] items-center gap-3 p-3">
            <Skeleton width={36} height={36} className="rounded-full" />
            <Skeleton width={140} height={18} />
          </div>
        </Panel>
      </div>
    </>
  );
}
