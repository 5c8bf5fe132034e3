import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_TYPES } from '../../../gateway/contract/actions/upload-rules';
import { AIGC_LIMITS, AIGC_REFERENCE_TYPES } from '../../../gateway/contract/actions/aigc';
import { uploadMachine } from '../../../machines/upload.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { FieldFrame } from '../../ui/FieldFrame';
import { UploadStatus } from '../../ui/UploadField';

export interface Reference {
  fileId: string;
  name: string;
  url: string;
}

const ACCEPT = AIGC_REFERENCE_TYPES.flatMap((type) => [type, ...(UPLOAD_TYPES[type] ?? [])]).join(',');

/** The optional reference image (PNG or JPEG, at most 20 MB), sent by the upload machine. */
export function ReferenceField({
  reference,
  onChange,
  error,
  disabled,
}: {
  reference: Reference | null;
  onChange: (reference: Reference | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('library');
  const text = useText();
  const upload = useActorRef(uploadMachine, {
    input: { accept: AIGC_REFERENCE_TYPES, maxBytes: AIGC_LIMITS.referenceMaxBytes },
    inspect: inspectActor,
  });
  const rejection = useSelector(upload, (s) => s.context.rejection);
  const busy = useSelector(upload, (s) => s.can({ type: 'upload.cancel' }));

  useEffect(() => {
    const subscription = upload.subscribe((snapshot) => {
      const { file, result } = snapshot.context;
      if (snapshot.matches('done') && file && result)
        onChange({ fileId: result.fileId, name: file.name, url: result.mediaUrl });
    });
    return () => subscription.unsubscribe();
  }, [upload, onChange]);

  const shown = rejection ? text('errors:AigcReferenceInvalid') : error;
  return (
    <div className="flex flex-col gap-2">
      <FieldFrame label={t('creative.reference')} hint={t('creative.referenceHint')} error={shown}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPT}
            disabled={busy || disabled}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.send({ type: 'file.select', file });
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-[var(--radius-herald)] file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700 hover:file:bg-brand-100"
          />
        )}
      </FieldFrame>
      <UploadStatus actor={upload} showRejection={false} />
      {reference && (
        <div className="flex items-center gap-3">
          <img
            src={reference.url}
            alt={reference.name}
            className="h-20 w-28 rounded object-contain ring-1 ring-slate-200"
          />
          <Button
            variant="ghost"
            onClick={() => {
              upload.send({ type: 'upload.reset' });
              onChange(null);
            }}
          >
            {t('creative.removeReference', { name: reference.name })}
          </Button>
        </div>
      )}
    </div>
  );
}
