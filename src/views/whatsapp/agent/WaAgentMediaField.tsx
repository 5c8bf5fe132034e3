import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { IMAGE_TYPES, UPLOAD_TYPES, VIDEO_TYPES } from '../../../gateway/contract/actions/upload-rules';
import { uploadMachine } from '../../../machines/upload.machine';
import type { waAgentCreateMachine } from '../../../machines/wa-agent-create.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { FieldFrame } from '../../ui/FieldFrame';
import { UploadStatus } from '../../ui/UploadField';

const ACCEPT = [...IMAGE_TYPES, ...VIDEO_TYPES];

/** The campaign's optional image or video, through the upload machine; once stored its FileId is the campaign's. */
export function WaAgentMediaField({
  actor,
  error,
}: {
  actor: ActorRefFrom<typeof waAgentCreateMachine>;
  error?: string;
}) {
  const { t } = useTranslation('waAgent');
  const fileId = useSelector(actor, (s) => s.context.form.MediaFileId);
  const upload = useActorRef(uploadMachine, { input: { accept: ACCEPT }, inspect: inspectActor });

  useEffect(() => {
    const subscription = upload.subscribe((snapshot) => {
      const { result } = snapshot.context;
      if (snapshot.matches('done') && result && actor.getSnapshot().context.form.MediaFileId !== result.fileId)
        actor.send({ type: 'field.change', field: 'MediaFileId', value: result.fileId });
    });
    return () => subscription.unsubscribe();
  }, [upload, actor]);

  return (
    <div className="mt-4 flex flex-col gap-2">
      <FieldFrame label={t('form.media')} hint={t('form.mediaHint')} error={error}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPT.flatMap((type) => [type, ...(UPLOAD_TYPES[type] ?? [])]).join(',')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.send({ type: 'file.select', file });
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-[var(--radius-herald)] file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
          />
        )}
      </FieldFrame>
      <UploadStatus actor={upload} />
      {fileId && <p className="text-xs text-emerald-700">✓ {fileId}</p>}
    </div>
  );
}
