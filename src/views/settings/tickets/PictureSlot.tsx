import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { uploadMachine, type UploadFile } from '../../../machines/upload.machine';
import type { ticketComposeMachine } from '../../../machines/ticket-compose.machine';
import { IMAGE_TYPES } from '../../../gateway/contract/actions/upload-rules';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { NotificationsActor } from '../../shell/actors';
import { UploadStatus } from '../../ui/UploadField';

export type ComposeActor = ActorRefFrom<typeof ticketComposeMachine>;

/** One picture of a ticket form, with its own upload actor; tells the form when its FileId is ready. */
export function PictureSlot({ file, slotKey, compose }: { file: UploadFile; slotKey: string; compose: ComposeActor }) {
  const { t } = useTranslation(['settings', 'errors']);
  const notifications = NotificationsActor.useActorRef();
  const actor = useActorRef(uploadMachine, { input: { accept: IMAGE_TYPES }, inspect: inspectActor });
  const [preview] = useState(() => URL.createObjectURL(file));

  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);
  useEffect(() => {
    let previous = actor.getSnapshot().value;
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.value === previous) return;
      previous = snapshot.value;
      if (snapshot.matches('done') && snapshot.context.result)
        compose.send({ type: 'picture.uploaded', key: slotKey, fileId: snapshot.context.result.fileId });
      // Spec 000 §7: on failure AMCLOUD_SUBMIT_SEND_FILE_FAILED is shown as an error notification.
      if (snapshot.matches('failed'))
        notifications.send({ type: 'notify.push', level: 'error', message: t('errors:UploadFailed') });
    });
    // Started by an event, once per file: a StrictMode re-run finds the actor already busy.
    actor.send({ type: 'file.select', file });
    return () => subscription.unsubscribe();
  }, [actor, compose, file, slotKey, notifications, t]);

  return (
    <li
      className="flex w-40 flex-col gap-1 rounded-[var(--radius-herald)] border border-slate-200 p-2"
      data-testid="picture-slot"
    >
      <img src={preview} alt={file.name} className="h-24 w-full rounded object-cover" />
      <div className="flex items-center justify-between gap-1">
        <span className="truncate text-xs text-slate-600" title={file.name}>
          {file.name}
        </span>
        <button
          type="button"
          className="text-slate-400 hover:text-red-600"
          aria-label={t('settings:tickets.form.removePicture', { name: file.name })}
          onClick={() => {
            actor.send({ type: 'upload.cancel' });
            compose.send({ type: 'picture.remove', key: slotKey });
          }}
        >
          ✕
        </button>
      </div>
      <UploadStatus actor={actor} testId="picture-upload" />
    </li>
  );
}
