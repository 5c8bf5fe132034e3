import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LIBRARY_UPLOAD_ACCEPT, UPLOAD_TYPES } from '../../gateway/contract/actions/upload-rules';
import { RetCode } from '../../gateway/contract/retcodes';
import { uploadMachine } from '../../machines/upload.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { FieldFrame } from '../ui/FieldFrame';
import { UploadStatus } from '../ui/UploadField';

const ACCEPT = LIBRARY_UPLOAD_ACCEPT.flatMap((type) => [type, ...(UPLOAD_TYPES[type] ?? [])]).join(',');

/**
 * One file into the library through the upload machine: its `library` target makes the authorisation
 * reserve the space first, so a full library is refused here (17202) before a byte is sent.
 */
export function LibraryUpload({ folderId, onStored }: { folderId: string | null; onStored: (name: string) => void }) {
  const { t } = useTranslation(['library', 'errors']);
  const upload = useActorRef(uploadMachine, {
    input: { accept: LIBRARY_UPLOAD_ACCEPT, library: { folderId } },
    inspect: inspectActor,
  });
  const busy = useSelector(upload, (s) => s.can({ type: 'upload.cancel' }));
  const full = useSelector(upload, (s) => s.matches('failed') && s.context.failureCode === RetCode.LibraryNoSpace);

  // The folder is fixed per actor: a new folder gets a new machine (keyed by the page).
  useEffect(() => {
    const subscription = upload.subscribe((snapshot) => {
      const { file, result } = snapshot.context;
      if (snapshot.matches('done') && file && result) {
        onStored(file.name);
        upload.send({ type: 'upload.reset' });
      }
    });
    return () => subscription.unsubscribe();
  }, [upload, onStored]);

  return (
    <div className="flex flex-col gap-2">
      <FieldFrame
        label={t('library:upload.label')}
        hint={t('library:upload.hint')}
        error={full ? t('errors:LibraryNoSpace') : undefined}
      >
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
      {!full && <UploadStatus actor={upload} testId="library-upload-status" />}
    </div>
  );
}
