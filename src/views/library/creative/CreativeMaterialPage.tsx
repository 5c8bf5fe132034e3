import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { aigcDesignsQuery } from '../../../gateway/client/queries/aigc';
import { AIGC_STATUS } from '../../../gateway/contract/actions/aigc';
import { PageFrame } from '../../ui/PageFrame';
import { PAGE_SIZES } from '../../ui/Pagination';
import { DesignsCard } from './DesignsCard';
import { GenerateCard } from './GenerateCard';

const FIRST_PAGE = { Page: 1, NumPerPage: PAGE_SIZES.grid[0] };

/**
 * /tool/creative-material (issue 16 item 7): AI images from a description, a size, a category and an industry,
 * optionally changed from a reference image; "My designs" keeps every generation, saved to the library on demand.
 */
export default function CreativeMaterialPage() {
  const { t } = useTranslation('library');
  // A design still running when the page opens (a reload mid-generation) is waited for again. At most one runs,
  // and it is the newest: My designs' first page (the same query, so one request) holds it.
  const newest = useQuery(aigcDesignsQuery(FIRST_PAGE));
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
