import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addVmsAudioMutation } from '../../../gateway/client/mutations/vms';
import { AUDIO_TYPES, AUDIO_UPLOAD_TYPES, type UploadRejection } from '../../../gateway/contract/actions/upload-rules';
import { VOICE_AUDIO_LIMITS } from '../../../gateway/contract/actions/vms-audio';
import type { TranslationKey } from '../../../i18n/keys';
import { useLabel } from '../../../i18n/useLabel';
import { uploadMachine } from '../../../machines/upload.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { gatewayMessage } from '../../gateway-bridge';
import { NotificationsActor } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FieldFrame } from '../../ui/FieldFrame';
import { UploadStatus } from '../../ui/UploadField';

/** Each refusal of the upload machine's check, in the words of the audio file field. */
const REJECTION_KEYS: Record<UploadRejection, TranslationKey> = {
  type: 'validation:audioTypeNotAllowed',
  size: 'validation:audioTooLarge',
  empty: 'validation:audioEmpty',
  name: 'validation:audioNameTooLong',
  content: 'validation:audioNotAudio',
};
const ACCEPT = [...AUDIO_TYPES, ...Object.values(AUDIO_UPLOAD_TYPES).flat()].join(',');

/** Upload a voice file: the upload machine checks, hashes and sends it, then AddUVMSAudio makes it a voice file. */
export function AudioUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('vms');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('audio.dialog.title')}
      description={t('audio.dialog.description')}
      testId="audio-upload-dialog"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('audio.close')}
        </Button>
      }
    >
      {open && <UploadForm onAdded={onClose} />}
    </Dialog>
  );
}

function UploadForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation(['vms', 'errors']);
  const label = useLabel();
  const notifications = NotificationsActor.useActorRef();
  const client = useQueryClient();
  const add = useMutation(addVmsAudioMutation(client));
  const actor = useActorRef(uploadMachine, {
    input: { accept: AUDIO_TYPES, maxNameLength: VOICE_AUDIO_LIMITS.maxNameLength },
    inspect: inspectActor,
  });
  const rejection = useSelector(actor, (s) => s.context.rejection);
  const busy = useSelector(actor, (s) => s.can({ type: 'upload.cancel' }));
  const { mutate } = add;

  useEffect(() => {
    let previous = actor.getSnapshot().value;
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.value === previous) return;
      previous = snapshot.value;
      const { file, result } = snapshot.context;
      if (snapshot.matches('done') && file && result)
        mutate(
          { FileId: result.fileId, FileName: file.name },
          {
            onSuccess: () => {
              notifications.send({
                type: 'notify.push',
                level: 'success',
                message: t('vms:audio.dialog.added', { name: file.name }),
              });
              onAdded();
            },
          },
        );
      // Spec 000 §7: on failure AMCLOUD_SUBMIT_SEND_FILE_FAILED is shown as an error notification.
      if (snapshot.matches('failed'))
        notifications.send({ type: 'notify.push', level: 'error', message: t('errors:UploadFailed') });
    });
    return () => subscription.unsubscribe();
  }, [actor, mutate, notifications, onAdded, t]);

  const error = rejection
    ? label(REJECTION_KEYS[rejection])
    : add.isError
      ? (gatewayMessage(add.error) ?? t('errors:UploadFailed'))
      : undefined;

  return (
    <div className="space-y-3">
      <FieldFrame label={t('vms:audio.dialog.file')} error={error}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPT}
            disabled={busy || add.isPending}
            data-testid="audio-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              add.reset();
              actor.send({ type: 'file.select', file });
            }}
          />
        )}
      </FieldFrame>
      <UploadStatus actor={actor} testId="audio-upload-status" showRejection={false} />
      {add.isPending && <p className="text-xs text-slate-600">{t('vms:audio.dialog.adding')}</p>}
    </div>
  );
}
