import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMmsTemplatesMutation } from '../../../gateway/client/mutations/mms';
import { mmsTemplateListQuery } from '../../../gateway/client/queries/mms';
import type { MmsTemplate } from '../../../gateway/contract/actions/mms';
import { SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import { smsTemplateLifecycle, smsTemplateUsable } from '../../../machines/lifecycles/sms-template.machine';
import { mmsTemplateEditable } from '../../../machines/mms-template-editor.machine';
import { useLabel } from '../../../i18n/useLabel';
import { templateStatusView } from '../../common/channel-status';
import { formatTime } from '../../common/format';
import { useNotify } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination } from '../../ui/Pagination';
import { usePaging } from '../../ui/usePaging';
import { NewTemplateLink, TemplateStatusCell } from '../../common/templates/TemplateParts';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

const ALL = -1;
const LISTED_STATUSES = [
  SMS_TEMPLATE_STATUS.PendingReview,
  SMS_TEMPLATE_STATUS.InReview,
  SMS_TEMPLATE_STATUS.Passed,
  SMS_TEMPLATE_STATUS.Rejected,
] as const;
// MMS templates have the SMS template lifecycle (docs/decisions.md "MMS").
const awaitingReview = (status: number) =>
  smsTemplateLifecycle.can(status, 'review.start') || smsTemplateLifecycle.can(status, 'review.pass');

/** /mms/template: MMS templates with their review status and the actions their lifecycle allows. */
export default function MmsTemplatesPage() {
  const { t } = useTranslation(['mms', 'sms']);
  const label = useLabel();
  const notify = useNotify();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number>(ALL);
  const { page, pageSize, refilter, pagination } = usePaging();
  const [toDelete, setToDelete] = useState<MmsTemplate | null>(null);
  const templates = useQuery(
    mmsTemplateListQuery(
      {
        Page: page,
        NumPerPage: pageSize,
        ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
        ...(status !== ALL ? { Status: [status as (typeof LISTED_STATUSES)[number]] } : {}),
      },
      (data) => data.Templates.some((item) => awaitingReview(item.Status)),
    ),
  );
  const remove = useMutation(deleteMmsTemplatesMutation(client));
  const newButton = <NewTemplateLink href="/mms/new-template" label={t('mms:templates.new')} testId="template-new" />;

  return (
    <PageFrame
      title={t('mms:titles.templates')}
      description={t('mms:templates.subtitle')}
      actions={newButton}
      testId="mms-templates"
    >
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('mms:templates.keyword')}
            type="search"
            value={keyword}
            onValueChange={refilter(setKeyword)}
            className="w-full sm:w-56"
          />
          <Select
            label={t('sms:templates.status')}
            className="w-full sm:w-44"
            value={status}
            onChange={refilter(setStatus)}
            options={[
              { value: ALL, label: t('sms:templates.allStatuses') },
              ...LISTED_STATUSES.map((value) => ({
                value: value as number,
                label: label(templateStatusView(value).label),
              })),
            ]}
          />
        </div>
        <DataTable
          caption={t('mms:titles.templates')}
          testId="templates-table"
          rows={templates.data?.Templates}
          rowKey={(item) => item.TemplateId}
          isLoading={templates.isPending}
          error={templates.isError ? t('sms:loadFailed') : null}
          onRetry={() => void templates.refetch()}
          empty={{ title: t('sms:templates.emptyTitle'), description: t('mms:templates.emptyBody'), action: newButton }}
          columns={[
            {
              key: 'name',
              header: t('sms:templates.columns.name'),
              cell: (item) => (
                <span className="font-medium" data-testid="template-name">
                  {item.TemplateName}
                </span>
              ),
            },
            {
              key: 'content',
              header: t('sms:templates.columns.content'),
              className: 'max-w-xs',
              cell: (item) => (
                <div className="flex flex-col">
                  <span className="font-medium text-slate-800">{item.Subject}</span>
                  <span className="line-clamp-2 text-slate-600" title={item.Text}>
                    {item.Text}
                  </span>
                </div>
              ),
            },
            {
              key: 'images',
              header: t('mms:templates.columns.images'),
              cell: (item) => (
                <span data-testid="template-images" title={item.Images.map((image) => image.FileName).join(', ')}>
                  {t('mms:templates.imageCount', { count: item.Images.length })}
                </span>
              ),
            },
            {
              key: 'status',
              header: t('sms:templates.columns.status'),
              cell: (item) => {
                const view = templateStatusView(item.Status);
                return (
                  <TemplateStatusCell tone={view.tone} label={label(view.label)} rejectReason={item.RejectReason} />
                );
              },
            },
            {
              key: 'updated',
              header: t('sms:templates.columns.updated'),
              cell: (item) => formatTime(item.UpdateTime),
            },
          ]}
          rowActions={(item) => (
            <>
              {smsTemplateUsable(item.Status) && (
                <RowAction testId="template-send" href={`/mms/sending?templateId=${item.TemplateId}`}>
                  {t('sms:templates.send')}
                </RowAction>
              )}
              {mmsTemplateEditable(item.Status) && (
                <RowAction testId="template-edit" href={`/mms/update-template/${item.TemplateId}/${item.Id}`}>
                  {t('sms:templates.edit')}
                </RowAction>
              )}
              {smsTemplateLifecycle.can(item.Status, 'template.delete') && (
                <RowAction danger testId="template-delete" onClick={() => setToDelete(item)}>
                  {t('sms:templates.delete')}
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
        title={t('sms:templates.deleteTitle')}
        description={t('mms:templates.deleteBody', { name: toDelete?.TemplateName ?? '' })}
        confirmLabel={t('sms:templates.delete')}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate([toDelete.TemplateId], {
            onSuccess: () => {
              notify(t('sms:templates.deleted'));
              setToDelete(null);
            },
          })
        }
        onClose={() => setToDelete(null)}
      />
    </PageFrame>
  );
}
