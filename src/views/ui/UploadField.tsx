import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { uploadMachine } from '../../machines/upload.machine';
import { UPLOAD_TYPES } from '../../gateway/contract/actions/upload-rules';
import { Button } from './Button';

export type UploadActor = ActorRefFrom<typeof uploadMachine>;

/** "PNG, JPG, GIF, WEBP or BMP": the accepted types named by their file endings, in the user's language. */
function acceptedTypes(accept: readonly string[], lang: string): string {
  const names = accept.map((type) => (UPLOAD_TYPES[type]?.[0] ?? type).replace(/^\./, '').toUpperCase());
  return new Intl.ListFormat(lang === 'zh' ? 'zh-CN' : 'en', { type: 'disjunction' }).format(names);
}

/**
 * The state of one upload actor: progress while it hashes and sends, Cancel at every step, and on
 * failure the spec's "upload failed" text (AMCLOUD_SUBMIT_SEND_FILE_FAILED) with the server's reason.
 */
export function UploadStatus({
  actor,
  testId,
  showRejection = true,
}: {
  actor: UploadActor;
  testId?: string;
  /** false when the form shows the rejection under its own file field */
  showRejection?: boolean;
}) {
  const { t, i18n } = useTranslation(['common', 'errors']);
  const phase = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'idle'));
  const hashProgress = useSelector(actor, (s) => s.context.hashProgress);
  const sendProgress = useSelector(actor, (s) => s.context.sendProgress);
  const rejection = useSelector(actor, (s) => s.context.rejection);
  const accept = useSelector(actor, (s) => s.context.accept);
  const failure = useSelector(actor, (s) => s.context.failure);
  const canCancel = useSelector(actor, (s) => s.can({ type: 'upload.cancel' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'upload.retry' }));
  const percent = Math.round((phase === 'hashing' ? hashProgress : sendProgress) * 100);

  return (
    <div className="text-xs" data-testid={testId} data-phase={phase}>
      {(phase === 'hashing' || phase === 'authorizing' || phase === 'sending') && (
        <div className="space-y-1">
          <p className="text-slate-600">
            {t(phase === 'hashing' ? 'common:ui.upload.hashing' : 'common:ui.upload.sending', { percent })}
          </p>
          <div
            className="h-1.5 w-full overflow-hidden rounded bg-slate-200"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {phase === 'done' && <p className="text-emerald-700">{t('common:ui.upload.done')}</p>}
      {phase === 'cancelled' && <p className="text-slate-500">{t('common:ui.upload.cancelled')}</p>}
      {phase === 'rejected' && showRejection && (
        <p role="alert" className="text-red-600">
          {t(
            rejection === 'size'
              ? 'common:ui.upload.rejectedSize'
              : rejection === 'empty'
                ? 'common:ui.upload.rejectedEmpty'
                : rejection === 'name'
                  ? 'common:ui.upload.rejectedName'
                  : rejection === 'content'
                    ? 'common:ui.upload.rejectedContent'
                    : 'common:ui.upload.rejectedType',
            { types: acceptedTypes(accept, i18n.language) },
          )}
        </p>
      )}
      {phase === 'failed' && (
        <div role="alert" className="text-red-600">
          <p className="font-medium">{t('errors:UploadFailed')}</p>
          {failure && <p>{failure}</p>}
        </div>
      )}
      <div className="mt-1 flex gap-2">
        {canCancel && (
          <Button
            variant="ghost"
            className="!px-2 !py-0.5 text-xs"
            onClick={() => actor.send({ type: 'upload.cancel' })}
          >
            {t('common:ui.upload.cancel')}
          </Button>
        )}
        {canRetry && (
          <Button
            variant="ghost"
            className="!px-2 !py-0.5 text-xs"
            onClick={() => actor.send({ type: 'upload.retry' })}
          >
            {t('common:ui.upload.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
