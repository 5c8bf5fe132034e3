import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aigcDesignsQuery } from '../../../gateway/client/queries/aigc';
import {
  AIGC_CATEGORIES,
  AIGC_INDUSTRIES,
  AIGC_STATUS,
  type AigcCategory,
  type AigcIndustry,
} from '../../../gateway/contract/actions/aigc';
import { formatTime } from '../../common/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { PAGE_SIZES, Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { usePaging } from '../../ui/usePaging';
import { DesignResult } from './DesignResult';

type Filter<T> = T | '';

/** "My designs": every generation of the account, newest first, by category and industry. */
export function DesignsCard() {
  const { t } = useTranslation('library');
  const [category, setCategory] = useState<Filter<AigcCategory>>('');
  const [industry, setIndustry] = useState<Filter<AigcIndustry>>('');
  const { page, pageSize, refilter, pagination } = usePaging(PAGE_SIZES.grid);
  const designs = useQuery(
    aigcDesignsQuery({
      Page: page,
      NumPerPage: pageSize,
      ...(category ? { Category: category } : {}),
      ...(industry ? { Industry: industry } : {}),
    }),
  );
  const statusText = (status: number) =>
    status === AIGC_STATUS.Running ? t('creative.status.running') : t('creative.status.failed');

  return (
    <Card title={t('creative.designsTitle')}>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Select<Filter<AigcCategory>>
          label={t('creative.category')}
          value={category}
          options={[
            { value: '', label: t('creative.allCategories') },
            ...AIGC_CATEGORIES.map((value) => ({ value, label: t(`creative.categories.${value}`) })),
          ]}
          onChange={refilter(setCategory)}
          className="w-48"
        />
        <Select<Filter<AigcIndustry>>
          label={t('creative.industry')}
          value={industry}
          options={[
            { value: '', label: t('creative.allIndustries') },
            ...AIGC_INDUSTRIES.map((value) => ({ value, label: t(`creative.industries.${value}`) })),
          ]}
          onChange={refilter(setIndustry)}
          className="w-48"
        />
        {designs.data && (
          <p className="text-sm text-slate-600">
            {t('creative.usage', { used: designs.data.Usage.Used, limit: designs.data.Usage.Limit })}
          </p>
        )}
      </div>
      {designs.isPending ? (
        <Spinner label={t('creative.loading')} />
      ) : designs.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-red-700">
          {t('creative.loadFailed')}
          <Button variant="secondary" onClick={() => void designs.refetch()}>
            {t('creative.retry')}
          </Button>
        </div>
      ) : designs.data.Designs.length === 0 ? (
        <EmptyState title={t('creative.emptyTitle')} description={t('creative.emptyBody')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('creative.designsTitle')}>
          {designs.data.Designs.map((design) => (
            <li
              key={design.TaskId}
              className="flex flex-col gap-2 rounded-[var(--radius-herald)] border border-slate-200 p-3"
            >
              <p className="line-clamp-2 text-sm font-medium text-slate-800">{design.Prompt}</p>
              <p className="text-xs text-slate-500">
                {t(`creative.categories.${design.Category as AigcCategory}`)} ·{' '}
                {t(`creative.industries.${design.Industry as AigcIndustry}`)} · {formatTime(design.CreateTime)}
              </p>
              {design.Status === AIGC_STATUS.Succeeded ? (
                <DesignResult design={design} compact />
              ) : (
                <div className="flex flex-col gap-1">
                  <Badge tone={design.Status === AIGC_STATUS.Running ? 'info' : 'danger'}>
                    {statusText(design.Status)}
                  </Badge>
                  {design.Reason && (
                    <span className="text-xs text-slate-600">
                      {t(`creative.reasons.${design.Reason as 'refused'}`)}
                    </span>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination {...pagination(designs.data?.Total ?? 0)} />
    </Card>
  );
}
