import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryKindOf, type LibraryKind } from '../../gateway/contract/actions/library';
import { UPLOAD_TYPES } from '../../gateway/contract/actions/upload-rules';
import { uploadMachine } from '../../machines/upload.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { FieldFrame } from '../ui/FieldFrame';
import { UploadStatus } from '../ui/UploadField';
import { Button } from '../ui/Button';
import { LibraryPickerDialog } from './LibraryPickerDialog';

/**
 * A form's file field on the upload machine: the chosen file is hashed, authorised and sent, and once stored
 * `onStored` gets its FileId (a form's machine keeps it). `current` names a file the form already holds; a file
 * stored here is named by its own name. Give it a `key` that changes with `accept`: the machine keeps its input.
 * With `library`, a file of the accepted types can also be chosen from the content library (/tool/library).
 */
export function FileUploadField({
  label,
  hint,
  error,
  accept,
  maxBytes,
  current,
  onStored,
  library = false,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  accept: readonly string[];
  maxBytes?: number;
  current?: string;
  onStored: (stored: { fileId: string; mediaUrl: string; name: string }) => void;
  library?: boolean;
}) {
  const { t } = useTranslation('library');
  const [picking, setPicking] = useState(false);
  const libraryKinds = [...new Set(accept.map(libraryKindOf))].filter((kind): kind is LibraryKind => kind !== 'file');
  const upload = useActorRef(uploadMachine, { input: { accept, maxBytes }, inspect: inspectActor });
  const [storedName, setStoredName] = useState<string | null>(null);
  const stored = useRef(onStored);
  stored.current = onStored;

  useEffect(() => {
    let last: string | null = null;
    const subscription = upload.subscribe((snapshot) => {
      const { file, result } = snapshot.context;
      if (!snapshot.matches('done') || !file || !result || result.fileId === last) return;
      last = result.fileId;
      setStoredName(file.name);
      stored.current({ fileId: result.fileId, mediaUrl: result.mediaUrl, name: file.name });
    });
    return () => subscription.unsubscribe();
  }, [upload]);

  const shown = storedName ?? current;
  return (
    <div className="flex flex-col gap-2">
      <FieldFrame label={label} hint={hint} error={error}>
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
      {library && libraryKinds.length > 0 && (
        <div>
          <Button variant="secondary" onClick={() => setPicking(true)}>
            {t('picker.open')}
          </Button>
          <LibraryPickerDialog
            open={picking}
            onClose={() => setPicking(false)}
            accept={accept}
            kinds={libraryKinds}
            maxBytes={maxBytes}
            onChoose={(item) => {
              setPicking(false);
              setStoredName(item.Name);
              stored.current({ fileId: item.FileId, mediaUrl: item.MediaURL, name: item.Name });
            }}
          />
        </div>
      )}
      {shown && <p className="text-xs text-emerald-700">✓ {shown}</p>}
    </div>
  );
}
