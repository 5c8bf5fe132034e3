import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { deleteWaTemplateMutation } from '../../../gateway/client/mutations/wa-templates';
import { waTemplateListQuery } from '../../../gateway/client/queries/wa-templates';
import type { WaTemplate } from '../../../gateway/contract/actions/wa-templates';
import {
  WA_TEMPLATE_CATEGORIES,
  WA_TEMPLATE_LANGUAGES,
  WA_TEMPLATE_STATUS,
  type WaTemplateCategory,
  type WaTemplateLanguage,
  type WaTemplateStatus,
} from '../../../gateway/contract/wa-templates';
import { waTemplateLifecycle } from '../../../machines/lifecycles/wa-template.machine';
import { ConfirmDeleteDialog } from '../../common/ConfirmDeleteDialog';
import { formatTime } from '../../common/format';
import { useNotify } from '../../shell/actors';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';
import { usePaging } from '../../ui/usePaging';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { languageName, waUpdatePath, WA_NEW_TEMPLATE_PATH, WA_STATUS_TONE } from './labels';

const LISTED_STATUSES = (Object.keys(WA_TEMPLATE_STATUS) as WaTemplateStatus[]).filter((s) => s !== 'DELETED');

/** /whatsapp/template: the account's templates with their review status and what each allows. */
export default function WaTemplatesPage() {
  const { t, i18n } = useTranslation('waTemplates');
  const client = useQueryClient();
  const notify = useNotify();
  const [status, setStatus] = useState<WaTemplateStatus | ''>('');
  const [category, setCategory] = useState<WaTemplateCategory | ''>('');
  const [language, setLanguage] = useState<WaTemplateLanguage | ''>('');
  const [search, setSearch] = useState('');
  const { page, pageSize, refilter, pagination } = usePaging(PAGE_SIZES.wide);
  const [deleting, setDeleting] = useState<WaTemplate | null>(null);
  const keyword = useDeferredValue(search.trim());
  const list = useQuery(
    waTemplateListQuery({
      Page: page,
      NumPerPage: pageSize,
      ...(status ? { Status: status } : {}),
      ...(category ? { Category: category } : {}),
      ...(language ? { Language: language } : {}),
      ...(keyword ? { Keyword: keyword } : {}),
    }),
  );
  const remove = useMutation(deleteWaTemplateMutation(client));
  const filtered = Boolean(status || category || language || keyword);
  const lang = i18n.language;
  const reasonText = (reason: string) => t(`reason.${reason}` as never, { defaultValue: reason });

  return (
    <PageFrame
      title={t('titles.list')}
      description={t('list.subtitle')}
      actions={
        <Link
          href={WA_NEW_TEMPLATE_PATH}
          className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('list.create')}
        </Link>
      }
    >
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('list.keyword')}
            type="search"
            value={search}
            onValueChange={refilter(setSearch)}
            className="w-56"
          />
          <Select<WaTemplateStatus | ''>
            label={t('list.status')}
            value={status}
            options={[
              { value: '', label: t('list.allStatuses') },
              ...LISTED_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
            ]}
            onChange={refilter(setStatus)}
            className="w-44"
          />
          <Select<WaTemplateCategory | ''>
            label={t('list.category')}
            value={category}
            options={[
              { value: '', label: t('list.allCategories') },
              ...WA_TEMPLATE_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) })),
            ]}
            onChange={refilter(setCategory)}
            className="w-44"
          />
          <Select<WaTemplateLanguage | ''>
            label={t('list.language')}
            value={language}
            options={[
              { value: '', label: t('list.allLanguages') },
              ...WA_TEMPLATE_LANGUAGES.map((value) => ({ value, label: languageName(value, lang) })),
            ]}
            onChange={refilter(setLanguage)}
            className="w-56"
          />
        </div>
        <DataTable<WaTemplate>
          caption={t('titles.list')}
          rows={list.data?.Templates}
          rowKey={(row) => row.TemplateId}
          isLoading={list.isPending}
          error={list.isError ? list.error.message : null}
          onRetry={() => void list.refetch()}
          empty={{
            title: t(filtered ? 'list.emptyFiltered' : 'list.emptyTitle'),
            description: filtered ? undefined : t('list.emptyBody'),
          }}
          columns={[
            {
              key: 'name',
              header: t('list.columns.name'),
              cell: (row) => <span className="font-medium">{row.Name}</span>,
            },
            { key: 'category', header: t('list.columns.category'), cell: (row) => t(`category.${row.Category}`) },
            { key: 'language', header: t('list.columns.language'), cell: (row) => languageName(row.Language, lang) },
            {
              key: 'status',
              header: t('list.columns.status'),
              cell: (row) => <Badge tone={WA_STATUS_TONE[row.Status]}>{t(`status.${row.Status}`)}</Badge>,
            },
            {
              key: 'reason',
              header: t('list.columns.reason'),
              cell: (row) =>
                row.RejectReason ? <span className="text-red-700">{reasonText(row.RejectReason)}</span> : '—',
            },
            { key: 'updated', header: t('list.columns.updated'), cell: (row) => formatTime(row.UpdateTime) },
          ]}
          rowActions={(row) => (
            <>
              {waTemplateLifecycle.can(row.Status, 'template.edit') && (
                <RowAction href={waUpdatePath(row)}>{t('list.edit')}</RowAction>
              )}
              {waTemplateLifecycle.can(row.Status, 'template.delete') && (
                <RowAction danger onClick={() => setDeleting(row)}>
                  {t('list.delete')}
                </RowAction>
              )}
            </>
          )}
        />
        <Pagination {...pagination(list.data?.Total ?? 0)} />
      </Card>
      <ConfirmDeleteDialog<WaTemplate, string>
        item={deleting}
        idOf={(row) => row.TemplateId}
        remove={remove}
        title={t('list.deleteTitle')}
        description={
          deleting
            ? deleting.OtherLanguages.length
              ? t('list.deleteAll', {
                  name: deleting.Name,
                  languages: deleting.OtherLanguages.map((code) => languageName(code, lang)).join(', '),
                })
              : t('list.deleteOne', { name: deleting.Name, language: languageName(deleting.Language, lang) })
            : ''
        }
        onDeleted={() => notify(t('list.deleted'))}
        onClose={() => setDeleting(null)}
      />
    </PageFrame>
  );
}
