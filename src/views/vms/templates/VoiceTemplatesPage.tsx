import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteVmsTemplatesMutation, setVmsTemplateEnabledMutation } from '../../../gateway/client/mutations/vms';
import { vmsTemplateListQuery } from '../../../gateway/client/queries/vms';
import type { VoiceTemplate } from '../../../gateway/contract/actions/vms-templates';
import {
  voiceTemplateInReview,
  voiceTemplateLifecycle,
  voiceTemplateRejected,
} from '../../../machines/lifecycles/voice-template.machine';
import { useLabel } from '../../../i18n/useLabel';
import { formatTime } from '../../common/format';
import { useNotify } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination } from '../../ui/Pagination';
import { usePaging } from '../../ui/usePaging';
import { NewTemplateLink, TemplateStatusCell } from '../../common/templates/TemplateParts';
import { TextField } from '../../ui/TextField';
import { templateStatusView } from '../status';

/** /vms/template: voice templates with their review status and the actions their lifecycle allows. */
export default function VoiceTemplatesPage() {
  const { t } = useTranslation('vms');
  const label = useLabel();
  const notify = useNotify();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const { page, pageSize, refilter, pagination } = usePaging();
  const [toDelete, setToDelete] = useState<VoiceTemplate | null>(null);
  const templates = useQuery(
    vmsTemplateListQuery(
      { Page: page, NumPerPage: pageSize, ...(keyword.trim() ? { Keyword: keyword.trim() } : {}) },
      (data) => data.Templates.some((item) => voiceTemplateInReview(item.Status)),
    ),
  );
  const remove = useMutation(deleteVmsTemplatesMutation(client));
  const setEnabled = useMutation(setVmsTemplateEnabledMutation(client));
  const newButton = <NewTemplateLink href="/vms/new-template" label={t('templates.new')} />;

  return (
    <PageFrame
      title={t('titles.templates')}
      description={t('templates.subtitle')}
      actions={newButton}
      testId="vms-templates"
    >
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('templates.keyword')}
            type="search"
            value={keyword}
            onValueChange={refilter(setKeyword)}
            className="w-full sm:w-56"
          />
        </div>
        <DataTable
          caption={t('titles.templates')}
          testId="vms-templates-table"
          rows={templates.data?.Templates}
          rowKey={(item) => item.TemplateId}
          isLoading={templates.isPending}
          error={templates.isError ? t('templates.loadFailed') : null}
          onRetry={() => void templates.refetch()}
          empty={{ title: t('templates.emptyTitle'), description: t('templates.emptyBody'), action: newButton }}
          columns={[
            {
              key: 'name',
              header: t('templates.columns.name'),
              cell: (item) => <span className="font-medium">{item.TemplateName}</span>,
            },
            { key: 'audio', header: t('templates.columns.audio'), cell: (item) => item.AudioName },
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
              {voiceTemplateLifecycle.can(item.Status, 'template.submit') && (
                <RowAction href={`/vms/update-template/${item.TemplateId}/${item.Id}`}>{t('templates.edit')}</RowAction>
              )}
              {voiceTemplateRejected(item.Status) && (
                <RowAction href={`/vms/new-template/${item.TemplateId}`}>{t('templates.recreate')}</RowAction>
              )}
              {voiceTemplateLifecycle.can(item.Status, 'template.disable') && (
                <RowAction onClick={() => setEnabled.mutate({ TemplateId: item.TemplateId, Enabled: false })}>
                  {t('templates.disable')}
                </RowAction>
              )}
              {voiceTemplateLifecycle.can(item.Status, 'template.enable') && (
                <RowAction onClick={() => setEnabled.mutate({ TemplateId: item.TemplateId, Enabled: true })}>
                  {t('templates.enable')}
                </RowAction>
              )}
              {voiceTemplateLifecycle.can(item.Status, 'template.delete') && (
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
          remove.mutate([toDelete.TemplateId], {
            onSuccess: () => {
              notify(t('templates.deleted'));
              setToDelete(null);
            },
          })
        }
        onClose={() => setToDelete(null)}
      />
    </PageFrame>
  );
}
