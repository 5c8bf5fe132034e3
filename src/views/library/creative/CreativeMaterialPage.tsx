import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { aigcDesignsQuery } from '../../../gateway/client/queries/aigc';
import { AIGC_STATUS } from '../../../gateway/contract/actions/aigc';
import { PageFrame } from '../../ui/PageFrame';
import { DesignsCard } from './DesignsCard';
import { GenerateCard } from './GenerateCard';

/**
 * /tool/creative-material (issue 16 item 7): AI images from a description, a size, a category and an industry,
 * optionally changed from a reference image; "My designs" keeps every generation, saved to the library on demand.
 */
export default function CreativeMaterialPage() {
  const { t } = useTranslation('library');
  // A design still running when the page opens (a reload mid-generation) is waited for again.
  const newest = useQuery({ ...aigcDesignsQuery({ Page: 1, NumPerPage: 1 }), refetchInterval: false });
  const running = newest.data?.Designs.find((design) => design.Status === AIGC_STATUS.Running)?.TaskId ?? null;
  return (
    <PageFrame title={t('titles.creative')} description={t('creative.subtitle')}>
      <div className="flex flex-col gap-6">
        {newest.isPending ? null : <GenerateCard runningTaskId={running} />}
        <DesignsCard />
      </div>
    </PageFrame>
  );
}
