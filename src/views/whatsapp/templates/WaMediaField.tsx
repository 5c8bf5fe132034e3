import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { IMAGE_TYPES, UPLOAD_TYPES, VIDEO_TYPES } from '../../../gateway/contract/actions/upload-rules';
import { uploadMachine } from '../../../machines/upload.machine';
import type { waTemplateEditorMachine } from '../../../machines/wa-template-editor.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { FieldFrame } from '../../ui/FieldFrame';
import { UploadStatus } from '../../ui/UploadField';

const ACCEPT_BY_FORMAT: Record<string, readonly string[]> = {
  IMAGE: IMAGE_TYPES,
  VIDEO: VIDEO_TYPES,
  DOCUMENT: ['application/pdf'],
};

/** The media header's sample file, through the upload machine; once stored its FileId is the template's. */
export function WaMediaField({
  actor,
  error,
}: {
  actor: ActorRefFrom<typeof waTemplateEditorMachine>;
  error?: string;
}) {
  const { t } = useTranslation('waTemplates');
  const format = useSelector(actor, (s) => s.context.form.HeaderFormat);
  const fileId = useSelector(actor, (s) => s.context.form.HeaderMediaFileId);
  const accept = ACCEPT_BY_FORMAT[format] ?? IMAGE_TYPES;
  const upload = useActorRef(uploadMachine, { input: { accept }, inspect: inspectActor });

  useEffect(() => {
    const subscription = upload.subscribe((snapshot) => {
      const { result } = snapshot.context;
      if (snapshot.matches('done') && result && actor.getSnapshot().context.form.HeaderMediaFileId !== result.fileId)
        actor.send({ type: 'field.change', field: 'HeaderMediaFileId', value: result.fileId });
    });
    return () => subscription.unsubscribe();
  }, [upload, actor]);

  return (
    <div className="flex flex-col gap-2">
      <FieldFrame label={t('editor.media')} error={error}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept={accept.flatMap((type) => [type, ...(UPLOAD_TYPES[type] ?? [])]).join(',')}
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
