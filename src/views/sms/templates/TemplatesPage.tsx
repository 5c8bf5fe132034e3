import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteSmsTemplateMutation } from '../../../gateway/client/mutations/sms';
import { smsTemplatesQuery } from '../../../gateway/client/queries/sms';
import { SMS_TEMPLATE_PURPOSE, SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import type { SmsTemplate } from '../../../gateway/contract/actions/sms-templates';
import { smsTemplateLifecycle, smsTemplateUsable } from '../../../machines/lifecycles/sms-template.machine';
import { useLabel } from '../../../i18n/useLabel';
import { useNotify } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { Pagination } from '../../ui/Pagination';
import { usePaging } from '../../ui/usePaging';
import { NewTemplateLink, TemplateStatusCell } from '../../common/templates/TemplateParts';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { formatTime } from '../format';
import { SmsPage } from '../SmsPage';
import { templateStatusView } from '../status';

const ALL = -1;
const LISTED_STATUSES = [
  SMS_TEMPLATE_STATUS.PendingReview,
  SMS_TEMPLATE_STATUS.InReview,
  SMS_TEMPLATE_STATUS.Passed,
  SMS_TEMPLATE_STATUS.Rejected,
] as const;
const awaitingReview = (status: number) =>
  smsTemplateLifecycle.can(status, 'review.start') || smsTemplateLifecycle.can(status, 'review.pass');

/** /sms/template: templates with their review status and the actions their lifecycle allows. */
export default function TemplatesPage() {
  const { t } = useTranslation('sms');
  const label = useLabel();
  const notify = useNotify();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number>(ALL);
  const [purpose, setPurpose] = useState<number>(ALL);
  const { page, pageSize, refilter, pagination } = usePaging();
  const [toDelete, setToDelete] = useState<SmsTemplate | null>(null);
  const templates = useQuery(
    smsTemplatesQuery(
      {
        Page: page,
        NumPerPage: pageSize,
        ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
        ...(status !== ALL ? { Status: [status as (typeof LISTED_STATUSES)[number]] } : {}),
        ...(purpose !== ALL ? { Purpose: purpose as 0 | 1 | 2 | 3 } : {}),
      },
      (data) => data.Templates.some((item) => awaitingReview(item.Status)),
    ),
  );
  const remove = useMutation(deleteSmsTemplateMutation(client));
  const newButton = <NewTemplateLink href="/sms/new-template" label={t('templates.new')} testId="template-new" />;

  return (
    <SmsPage
      title={t('titles.templates')}
      description={t('templates.subtitle')}
      actions={newButton}
      testId="sms-templates"
    >
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('templates.keyword')}
            type="search"
            value={keyword}
            onValueChange={refilter(setKeyword)}
            className="w-56"
          />
          <Select
            label={t('templates.status')}
            className="w-44"
            value={status}
            onChange={refilter(setStatus)}
            options={[
              { value: ALL, label: t('templates.allStatuses') },
              ...LISTED_STATUSES.map((value) => ({
                value: value as number,
                label: label(templateStatusView(value).label),
              })),
            ]}
          />
          <Select
            label={t('templates.purpose')}
            className="w-44"
            value={purpose}
            onChange={refilter(setPurpose)}
            options={[
              { value: ALL, label: t('templates.allPurposes') },
              ...Object.values(SMS_TEMPLATE_PURPOSE).map((value) => ({
                value: value as number,
                label: t(`purpose.${value}`),
              })),
            ]}
          />
        </div>
        <DataTable
          caption={t('titles.templates')}
          testId="templates-table"
          rows={templates.data?.Templates}
          rowKey={(item) => item.TemplateId}
          isLoading={templates.isPending}
          error={templates.isError ? t('loadFailed') : null}
          onRetry={() => void templates.refetch()}
          empty={{ title: t('templates.emptyTitle'), description: t('templates.emptyBody'), action: newButton }}
          columns={[
            {
              key: 'name',
              header: t('templates.columns.name'),
              cell: (item) => (
                <span className="font-medium" data-testid="template-name">
                  {item.TemplateName}
                </span>
              ),
            },
            {
              key: 'purpose',
              header: t('templates.columns.purpose'),
              cell: (item) => t(`purpose.${item.Purpose as 0 | 1 | 2 | 3}`),
            },
            {
              key: 'content',
              header: t('templates.columns.content'),
              className: 'max-w-xs',
              cell: (item) => (
                <span className="line-clamp-2 text-slate-600" title={item.Content}>
                  {item.Content}
                </span>
              ),
            },
            {
              key: 'status',
              header: t('templates.columns.status'),
              cell: (item) => {
                const view = templateStatusView(item.Status);
                return (
                  <TemplateStatusCell tone={view.tone} label={label(view.label)} rejectReason={item.RejectReason} />
                );
              },
            },
            { key: 'updated', header: t('templates.columns.updated'), cell: (item) => formatTime(item.UpdateTime) },
          ]}
          rowActions={(item) => (
            <>
              {smsTemplateUsable(item.Status) && (
                <RowAction href={`/sms/sending?templateId=${item.TemplateId}`}>{t('templates.send')}</RowAction>
              )}
              {smsTemplateLifecycle.can(item.Status, 'template.update') &&
                (item.Status === SMS_TEMPLATE_STATUS.Rejected ? (
                  <RowAction testId="template-resubmit" href={`/sms/new-template/${item.TemplateId}`}>
                    {t('templates.resubmit')}
                  </RowAction>
                ) : (
                  <RowAction href={`/sms/update-template/${item.TemplateId}/${item.Id}`}>
                    {t('templates.edit')}
                  </RowAction>
                ))}
              {smsTemplateLifecycle.can(item.Status, 'template.delete') && (
                <RowAction danger onClick={() => setToDelete(item)}>
                  {t('templates.delete')}
                </RowAction>
              )}
            </>
          )}
        />
        <Pagination {...pagination(templates.data?.Total ?? 0)} />
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        danger
        title={t('templates.deleteTitle')}
        description={t('templates.deleteBody', { name: toDelete?.TemplateName ?? '' })}
        confirmLabel={t('templates.delete')}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.TemplateId, {
            onSuccess: () => {
              notify(t('templates.deleted'));
              setToDelete(null);
            },
          })
        }
        onClose={() => setToDelete(null)}
      />
    </SmsPage>
  );
}
