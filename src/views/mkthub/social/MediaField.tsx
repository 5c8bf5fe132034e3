import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { IMAGE_TYPES, UPLOAD_TYPES, VIDEO_TYPES } from '../../../gateway/contract/actions/upload-rules';
import { mediaKindOf } from '../../../gateway/contract/social/post-rules';
import type { socialPostComposerMachine } from '../../../machines/social-post-composer.machine';
import { uploadMachine } from '../../../machines/upload.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LibraryPickerDialog } from '../../common/LibraryPickerDialog';
import { Button } from '../../ui/Button';
import { FieldFrame } from '../../ui/FieldFrame';
import { UploadStatus } from '../../ui/UploadField';

type ComposerActor = ActorRefFrom<typeof socialPostComposerMachine>;
const TYPES = [...IMAGE_TYPES, ...VIDEO_TYPES];
const ACCEPT = TYPES.flatMap((type) => [type, ...(UPLOAD_TYPES[type] ?? [])]).join(',');

/**
 * The post's images or video: a file goes through the upload machine (type and size checked before it is
 * sent); images and videos can also come from the content library. The platforms' media rules are the composer's.
 */
export function MediaField({ composer, error }: { composer: ComposerActor; error?: string }) {
  const { t } = useTranslation('mkthub');
  const media = useSelector(composer, (s) => s.context.media);
  const upload = useActorRef(uploadMachine, { input: { accept: TYPES }, inspect: inspectActor });
  const busy = useSelector(upload, (s) => s.can({ type: 'upload.cancel' }));
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    const subscription = upload.subscribe((snapshot) => {
      const { file, result } = snapshot.context;
      if (!snapshot.matches('done') || !file || !result) return;
      const kind = mediaKindOf(file.type);
      if (kind && !composer.getSnapshot().context.media.some((m) => m.fileId === result.fileId))
        composer.send({
          type: 'media.add',
          media: { fileId: result.fileId, name: file.name, kind, size: file.size, url: result.mediaUrl },
        });
    });
    return () => subscription.unsubscribe();
  }, [upload, composer]);

  return (
    <div className="flex flex-col gap-3">
      <FieldFrame label={t('social.composer.media')} hint={t('social.composer.mediaHint')} error={error}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.send({ type: 'file.select', file });
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-[var(--radius-herald)] file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700 hover:file:bg-brand-100"
          />
        )}
      </FieldFrame>
      <UploadStatus actor={upload} />
      <div>
        <Button variant="secondary" onClick={() => setPicking(true)}>
          {t('social.composer.fromLibrary')}
        </Button>
      </div>
      {media.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {media.map((m) => (
            <li key={m.fileId} className="flex items-center gap-2 text-sm text-slate-700">
              {m.kind === 'video' ? '🎬' : '🖼'} {m.name}
              <Button variant="ghost" onClick={() => composer.send({ type: 'media.remove', fileId: m.fileId })}>
                {t('social.composer.removeMedia', { name: m.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LibraryPickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        accept={TYPES}
        kinds={['image', 'video']}
        onChoose={(item) => {
          setPicking(false);
          composer.send({
            type: 'media.add',
            media: {
              fileId: item.FileId,
              name: item.Name,
              kind: mediaKindOf(item.ContentType) ?? 'image',
              size: item.Size,
              url: '',
            },
          });
        }}
      />
    </div>
  );
}
