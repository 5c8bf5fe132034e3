import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { UPLOAD_TYPES } from '../../../gateway/contract/actions/upload-rules';
import { TG_IMAGE_ISSUE_KEYS, TG_IMAGE_TYPES, TG_LIMITS } from '../../../gateway/contract/telegram';
import type { tgPostComposerMachine } from '../../../machines/tg-post-composer.machine';
import { uploadMachine } from '../../../machines/upload.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { FieldFrame } from '../../ui/FieldFrame';
import { UploadStatus } from '../../ui/UploadField';

type ComposerActor = ActorRefFrom<typeof tgPostComposerMachine>;
const ACCEPT = TG_IMAGE_TYPES.flatMap((type) => [type, ...(UPLOAD_TYPES[type] ?? [])]).join(',');

/** The picked file's pixel size, read by the browser's decoder. */
async function dimensionsOf(file: File): Promise<{ width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: 0, height: 0 };
  }
}

/**
 * The post's image: the composer checks size and dimensions (spec 001 §5) before the upload machine
 * hashes and sends the file; once stored it becomes the post's image (`image.set`).
 */
export function ImageField({ composer, serverError }: { composer: ComposerActor; serverError?: string }) {
  const { t } = useTranslation('mkthub');
  const text = useText();
  const image = useSelector(composer, (s) => s.context.image);
  const issue = useSelector(composer, (s) => s.context.imageIssue);
  const upload = useActorRef(uploadMachine, {
    input: { accept: TG_IMAGE_TYPES, maxBytes: TG_LIMITS.imageMaxBytes },
    inspect: inspectActor,
  });
  const rejection = useSelector(upload, (s) => s.context.rejection);
  const busy = useSelector(upload, (s) => s.can({ type: 'upload.cancel' }));

  useEffect(() => {
    const subscription = upload.subscribe((snapshot) => {
      const { file, result } = snapshot.context;
      if (snapshot.matches('done') && file && result && composer.getSnapshot().context.image?.fileId !== result.fileId)
        composer.send({ type: 'image.set', image: { fileId: result.fileId, name: file.name, url: result.mediaUrl } });
    });
    return () => subscription.unsubscribe();
  }, [upload, composer]);

  const error = issue
    ? text(TG_IMAGE_ISSUE_KEYS[issue])
    : rejection
      ? text(rejection === 'size' ? TG_IMAGE_ISSUE_KEYS.size : 'validation:tgImageType')
      : text(serverError) || undefined;

  return (
    <div className="flex flex-col gap-3">
      <FieldFrame label={t('telegram.composer.image')} error={error} hint={t('telegram.composer.imageHint')}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              composer.send({ type: 'image.check', size: file.size, ...(await dimensionsOf(file)) });
              if (composer.getSnapshot().context.imageIssue === null) upload.send({ type: 'file.select', file });
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-[var(--radius-herald)] file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700 hover:file:bg-brand-100"
          />
        )}
      </FieldFrame>
      <UploadStatus actor={upload} showRejection={false} />
      {image && (
        <div className="flex items-center gap-3">
          <img src={image.url} alt={image.name} className="h-24 w-32 rounded object-contain ring-1 ring-slate-200" />
          <Button
            variant="ghost"
            onClick={() => {
              upload.send({ type: 'upload.reset' });
              composer.send({ type: 'image.clear' });
            }}
          >
            {t('telegram.composer.removeImage', { name: image.name })}
          </Button>
        </div>
      )}
    </div>
  );
}
