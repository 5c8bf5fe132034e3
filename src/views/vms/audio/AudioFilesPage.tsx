import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteVmsAudioMutation } from '../../../gateway/client/mutations/vms';
import { vmsAudioListQuery } from '../../../gateway/client/queries/vms';
import { VOICE_AUDIO_FAIL_KEYS, type VoiceAudio } from '../../../gateway/contract/actions/vms-audio';
import { canVoiceAudio, voiceAudioPending, voiceAudioPlayable } from '../../../machines/lifecycles/voice-audio.machine';
import { useLabel } from '../../../i18n/useLabel';
import { gatewayMessage } from '../../gateway-bridge';
import { useNotify } from '../../shell/actors';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { formatBytes, formatDuration, formatTime } from '../format';
import { audioStatusView, LISTED_AUDIO_STATUSES } from '../status';
import { AudioPlayerDialog } from './AudioPlayerDialog';
import { AudioUploadDialog } from './AudioUploadDialog';

const ALL = -1;

/** /vms/audio: the voice files with their status, duration and size; upload, play and delete. */
export default function AudioFilesPage() {
  const { t, i18n } = useTranslation('vms');
  const label = useLabel();
  const notify = useNotify();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number>(ALL);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.compact[0]);
  const [uploading, setUploading] = useState(false);
  const [playing, setPlaying] = useState<VoiceAudio | null>(null);
  const [toDelete, setToDelete] = useState<VoiceAudio | null>(null);
  const files = useQuery(
    vmsAudioListQuery(
      {
        Page: page,
        NumPerPage: pageSize,
        ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
        ...(status !== ALL ? { Status: status as (typeof LISTED_AUDIO_STATUSES)[number] } : {}),
      },
      (data) => data.List.some((item) => voiceAudioPending(item.Status)),
    ),
  );
  const remove = useMutation(deleteVmsAudioMutation(client));
  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const uploadButton = <Button onClick={() => setUploading(true)}>{t('audio.upload')}</Button>;
  // The reason in the console's current language (the server's FailMessage is in the request's).
  const failText = (item: VoiceAudio) =>
    Object.hasOwn(VOICE_AUDIO_FAIL_KEYS, item.FailReason)
      ? label(VOICE_AUDIO_FAIL_KEYS[item.FailReason as keyof typeof VOICE_AUDIO_FAIL_KEYS])
      : item.FailMessage;
  const closeDelete = () => {
    setToDelete(null);
    remove.reset();
  };

  return (
    <div className="mx-auto max-w-6xl" data-testid="vms-audio">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t('titles.audio')}</h1>
          <p className="mt-1 text-sm text-slate-500">{t('audio.subtitle')}</p>
        </div>
        {uploadButton}
      </header>
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('audio.keyword')}
            type="search"
            value={keyword}
            onValueChange={resetPage(setKeyword)}
            className="w-56"
          />
          <Select
            label={t('audio.status')}
            className="w-44"
            value={status}
            onChange={resetPage(setStatus)}
            options={[
              { value: ALL, label: t('audio.allStatuses') },
              ...LISTED_AUDIO_STATUSES.map((value) => ({
                value: value as number,
                label: label(audioStatusView(value).label),
              })),
            ]}
          />
        </div>
        <DataTable
          caption={t('titles.audio')}
          testId="audio-table"
          rows={files.data?.List}
          rowKey={(item) => item.AudioId}
          isLoading={files.isPending}
          error={files.isError ? t('audio.loadFailed') : null}
          onRetry={() => void files.refetch()}
          empty={{ title: t('audio.emptyTitle'), description: t('audio.emptyBody'), action: uploadButton }}
          columns={[
            {
              key: 'name',
              header: t('audio.columns.name'),
              className: 'max-w-xs',
              cell: (item) => (
                <span className="block truncate font-medium" title={item.FileName}>
                  {item.FileName}
                </span>
              ),
            },
            {
              key: 'status',
              header: t('audio.columns.status'),
              cell: (item) => {
                const view = audioStatusView(item.Status);
                return (
                  <div className="flex flex-col items-start gap-1">
                    <Badge tone={view.tone} testId="audio-status">
                      {label(view.label)}
                    </Badge>
                    {item.FailReason && (
                      <span className="max-w-xs text-xs text-red-700" data-testid="audio-fail-reason">
                        {failText(item)}
                      </span>
                    )}
                  </div>
                );
              },
            },
            {
              key: 'duration',
              header: t('audio.columns.duration'),
              align: 'right',
              cell: (item) => <span data-testid="audio-duration">{formatDuration(item.Duration)}</span>,
            },
            {
              key: 'size',
              header: t('audio.columns.size'),
              align: 'right',
              cell: (item) => formatBytes(item.Size, i18n.language),
            },
            { key: 'created', header: t('audio.columns.created'), cell: (item) => formatTime(item.CreateTime) },
          ]}
          rowActions={(item) => (
            <>
              {voiceAudioPlayable(item.Status) && (
                <RowAction testId="audio-play" onClick={() => setPlaying(item)}>
                  {t('audio.play')}
                </RowAction>
              )}
              {canVoiceAudio(item.Status, { type: 'audio.delete' }) && (
                <RowAction danger testId="audio-delete" onClick={() => setToDelete(item)}>
                  {t('audio.delete')}
                </RowAction>
              )}
            </>
          )}
        />
        {files.data && files.data.Total > 0 && (
          <Pagination
            page={page}
            pageSize={pageSize}
            total={files.data.Total}
            onPageChange={setPage}
            onPageSizeChange={resetPage(setPageSize)}
          />
        )}
      </Card>
      <AudioUploadDialog open={uploading} onClose={() => setUploading(false)} />
      <AudioPlayerDialog audio={playing} onClose={() => setPlaying(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        danger
        title={t('audio.deleteTitle')}
        description={t('audio.deleteBody', { name: toDelete?.FileName ?? '' })}
        confirmLabel={t('audio.delete')}
        busy={remove.isPending}
        error={remove.isError ? gatewayMessage(remove.error) : undefined}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.AudioId, {
            onSuccess: () => {
              notify(t('audio.deleted', { name: toDelete.FileName }));
              closeDelete();
            },
          })
        }
        onClose={closeDelete}
      />
    </div>
  );
}
