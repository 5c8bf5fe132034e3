import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteEmailTemplatesMutation } from '../../../gateway/client/mutations/email-templates';
import { emailTemplateListQuery } from '../../../gateway/client/queries/email-templates';
import type { EmailTemplate } from '../../../gateway/contract/actions/email-templates';
import { EMAIL_TEMPLATE_KINDS } from '../../../gateway/contract/email/template-rules';
import { emailTemplateLifecycle } from '../../../machines/lifecycles/email-template.machine';
import { formatTime } from '../../common/format';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination } from '../../ui/Pagination';
import { usePaging } from '../../ui/usePaging';
import { NewTemplateLink, TemplateStatusCell } from '../../common/templates/TemplateParts';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { LISTED_STATUSES, statusView } from './status';

const ALL = 'all';
type Row = Omit<EmailTemplate, 'Design' | 'Html'>;
const awaitingReview = (status: number) =>
  emailTemplateLifecycle.can(status, 'review.start') || emailTemplateLifecycle.can(status, 'review.pass');

/** /email/template: the account's e-mail templates with their review status and what their lifecycle allows. */
export default function TemplatesPage() {
  const { t } = useTranslation('emailTemplates');
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | typeof ALL>(ALL);
  const [kind, setKind] = useState<string>(ALL);
  const { page, pageSize, refilter, pagination } = usePaging();
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const templates = useQuery(
    emailTemplateListQuery(
      {
        Page: page,
        NumPerPage: pageSize,
        ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
        ...(status !== ALL ? { Status: [status] } : {}),
        ...(kind !== ALL ? { Kind: kind as (typeof EMAIL_TEMPLATE_KINDS)[number] } : {}),
      },
      (data) => data.Templates.some((item) => awaitingReview(item.Status)),
    ),
  );
  const remove = useMutation(deleteEmailTemplatesMutation(client));
  const newButton = <NewTemplateLink href="/email/new-template" label={t('list.new')} />;

  return (
    <PageFrame
      title={t('titles.templates')}
      description={t('list.subtitle')}
      actions={newButton}
      testId="email-templates"
    >
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('list.keyword')}
            type="search"
            value={keyword}
            onValueChange={refilter(setKeyword)}
            className="w-56"
          />
          <Select<number | typeof ALL>
            label={t('list.status')}
            className="w-44"
            value={status}
            onChange={refilter(setStatus)}
            options={[
              { value: ALL, label: t('list.allStatuses') },
              ...LISTED_STATUSES.map((value) => ({
                value: value as number,
                label: t(`status.${statusView(value).key}`),
              })),
            ]}
          />
          <Select<string>
            label={t('editor.kind')}
            className="w-40"
            value={kind}
            onChange={refilter(setKind)}
            options={[
              { value: ALL, label: t('list.allKinds') },
              ...EMAIL_TEMPLATE_KINDS.map((value) => ({ value, label: t(`kind.${value}`) })),
            ]}
          />
        </div>
        <DataTable<Row>
          caption={t('titles.templates')}
          rows={templates.data?.Templates}
          rowKey={(item) => item.TemplateId}
          isLoading={templates.isPending}
          error={templates.isError ? t('loadFailed') : null}
          onRetry={() => void templates.refetch()}
          empty={{ title: t('list.emptyTitle'), description: t('list.emptyBody'), action: newButton }}
          columns={[
            {
              key: 'name',
              header: t('list.columns.name'),
              cell: (item) => <span className="font-medium">{item.TemplateName}</span>,
            },
            {
              key: 'subject',
              header: t('list.columns.subject'),
              className: 'max-w-xs',
              cell: (item) => <span className="line-clamp-2 text-slate-600">{item.Subject}</span>,
            },
            {
              key: 'kind',
              header: t('list.columns.kind'),
              cell: (item) => `${t(`kind.${item.Kind}`)} · ${t(`emailType.${item.EmailType as 0 | 1 | 2 | 3}`)}`,
            },
            {
              key: 'editor',
              header: t('list.columns.editor'),
              cell: (item) => t(`editor.${item.Editor}`),
            },
            {
              key: 'status',
              header: t('list.columns.status'),
              cell: (item) => {
                const view = statusView(item.Status);
                return (
                  <TemplateStatusCell
                    tone={view.tone}
                    label={t(`status.${view.key}`)}
                    rejectReason={item.RejectReason}
                  />
                );
              },
            },
            { key: 'updated', header: t('list.columns.updated'), cell: (item) => formatTime(item.UpdateTime) },
          ]}
          rowActions={(item) => (
            <>
              {(emailTemplateLifecycle.can(item.Status, 'template.submit') ||
                emailTemplateLifecycle.can(item.Status, 'template.saveDraft')) && (
                <RowAction href={`/email/update-template/${item.TemplateId}/${item.Id}`}>{t('list.edit')}</RowAction>
              )}
              {emailTemplateLifecycle.can(item.Status, 'template.delete') && (
                <RowAction danger onClick={() => setToDelete(item)}>
                  {t('list.delete')}
                </RowAction>
              )}
            </>
          )}
        />
        <Pagination {...pagination(templates.data?.Total ?? 0)} />
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('list.deleteTitle')}
        description={t('list.deleteBody', { name: toDelete?.TemplateName ?? '' })}
        confirmLabel={t('list.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate([toDelete.TemplateId], { onSuccess: () => setToDelete(null) })}
        onClose={() => setToDelete(null)}
      />
    </PageFrame>
  );
}
