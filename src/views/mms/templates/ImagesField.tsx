import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { UPLOAD_TYPES, type UploadRejection } from '../../../gateway/contract/actions/upload-rules';
import { MMS_IMAGE_TYPES, MMS_LIMITS } from '../../../gateway/contract/mms-content';
import type { TranslationKey } from '../../../i18n/keys';
import { useLabel } from '../../../i18n/useLabel';
import type { mmsTemplateEditorMachine } from '../../../machines/mms-template-editor.machine';
import { uploadMachine } from '../../../machines/upload.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LibraryPickerDialog } from '../../common/LibraryPickerDialog';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { FieldFrame } from '../../ui/FieldFrame';
import { UploadStatus } from '../../ui/UploadField';

type EditorActor = ActorRefFrom<typeof mmsTemplateEditorMachine>;

/** Each refusal of the upload machine's check, in the words of the MMS image field. */
const REJECTION_KEYS: Record<UploadRejection, TranslationKey> = {
  type: 'validation:mmsImageType',
  content: 'validation:mmsImageType',
  empty: 'validation:mmsImageType',
  size: 'validation:mmsImageTooLarge',
  name: 'validation:mmsImageType',
};
const ACCEPT = MMS_IMAGE_TYPES.flatMap((type) => [type, ...(UPLOAD_TYPES[type] ?? [])]).join(',');

/**
 * The template's images: each file goes through the upload machine (checked for type and the 300 KB
 * limit before it is sent, hashed, authorised, PUT); once stored it joins the template as `image.add`.
 */
export function ImagesField({ editor }: { editor: EditorActor }) {
  const { t } = useTranslation('mms');
  const label = useLabel();
  const text = useText();
  const images = useSelector(editor, (s) => s.context.images);
  const serverError = useSelector(editor, (s) => s.context.fieldErrors.images);
  const full = !useSelector(editor, (s) =>
    s.can({ type: 'image.add', image: { fileId: '', name: '', size: 0, url: '' } }),
  );
  const upload = useActorRef(uploadMachine, {
    input: { accept: MMS_IMAGE_TYPES, maxBytes: MMS_LIMITS.imageMaxBytes },
    inspect: inspectActor,
  });
  const rejection = useSelector(upload, (s) => s.context.rejection);
  const busy = useSelector(upload, (s) => s.can({ type: 'upload.cancel' }));
  const { t: tl } = useTranslation('library');
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    let previous = upload.getSnapshot().value;
    const subscription = upload.subscribe((snapshot) => {
      if (snapshot.value === previous) return;
      previous = snapshot.value;
      const { file, result } = snapshot.context;
      if (snapshot.matches('done') && file && result)
        editor.send({
          type: 'image.add',
          image: { fileId: result.fileId, name: file.name, size: file.size, url: result.mediaUrl },
        });
    });
    return () => subscription.unsubscribe();
  }, [upload, editor]);

  const error = rejection ? label(REJECTION_KEYS[rejection]) : text(serverError) || undefined;

  return (
    <div className="flex flex-col gap-3">
      <FieldFrame
        label={t('editor.images')}
        error={error}
        hint={t('editor.imagesHint', { max: MMS_LIMITS.imagesMax, kb: MMS_LIMITS.imageMaxBytes / 1024 })}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPT}
            disabled={busy || full}
            data-testid="mms-image-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.send({ type: 'file.select', file });
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-[var(--radius-herald)] file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700 hover:file:bg-brand-100"
          />
        )}
      </FieldFrame>
      <div>
        <Button variant="secondary" disabled={busy || full} onClick={() => setPicking(true)}>
          {tl('picker.open')}
        </Button>
      </div>
      <LibraryPickerDialog
        open={picking}
        accept={MMS_IMAGE_TYPES}
        maxBytes={MMS_LIMITS.imageMaxBytes}
        onClose={() => setPicking(false)}
        onChoose={(item) => {
          setPicking(false);
          editor.send({
            type: 'image.add',
            image: { fileId: item.FileId, name: item.Name, size: item.Size, url: item.MediaURL },
          });
        }}
      />
      <UploadStatus actor={upload} testId="mms-image-upload" showRejection={false} />
      {images.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="mms-images">
          {images.map((image) => (
            <li key={image.fileId} className="rounded-[var(--radius-herald)] p-2 ring-1 ring-slate-200">
              {image.url ? (
                <img src={image.url} alt={image.name} className="h-24 w-full rounded object-contain" />
              ) : (
                // a stored image of an edited template: GetUMMSTemplate gives no read address
                <div aria-hidden className="flex h-24 w-full items-center justify-center rounded bg-slate-100 text-2xl">
                  🖼
                </div>
              )}
              <p className="mt-1 truncate text-xs text-slate-600" title={image.name}>
                {image.name} · {Math.ceil(image.size / 1024)} KB
              </p>
              <Button
                variant="ghost"
                className="mt-1"
                aria-label={t('editor.removeImage', { name: image.name })}
                onClick={() => editor.send({ type: 'image.remove', fileId: image.fileId })}
              >
                {t('editor.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
