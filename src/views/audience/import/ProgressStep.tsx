import { useMutation } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { importErrorsFileMutation } from '../../../gateway/client/mutations/audience';
import { dataRows } from '../../../machines/contact-import.machine';
import { useLabel } from '../../../i18n/useLabel';
import type { TranslationKey } from '../../../i18n/keys';
import { gatewayMessage } from '../../gateway-bridge';
import { Button } from '../../ui/Button';
import { saveBlob } from '../../common/download';
import type { ImportActor } from './ChooseFileStep';

function Bar({ label, value, total }: { label: string; value: number; total: number }) {
  return (
    <div>
      <p className="mb-1 text-sm text-slate-700">{label}</p>
      <progress className="h-2 w-full" aria-label={label} max={Math.max(total, 1)} value={value} />
    </div>
  );
}

/** Steps 4-5: the upload, the server's import job, and its report (created, updated, skipped). */
export function ProgressStep({ actor }: { actor: ImportActor }) {
  const { t } = useTranslation('audience');
  const label = useLabel();
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  const errorsFile = useMutation(importErrorsFileMutation());
  const total = dataRows(context);
  const summary = context.summary;
  const download = () =>
    errorsFile.mutate(context.importId!, {
      onSuccess: (blob) => saveBlob(blob, `herald-import-${context.importId}-errors.csv`),
    });
  return (
    <div className="grid gap-4" data-testid="import-progress">
      <Bar label={t('import.uploaded', { sent: context.sentRows, total })} value={context.sentRows} total={total} />
      {state !== 'uploading' && (
        <Bar
          label={t('import.imported', { done: summary?.ProcessedRows ?? 0, total })}
          value={summary?.ProcessedRows ?? 0}
          total={total}
        />
      )}
      {summary && (state === 'done' || state === 'failed') && (
        <p className="text-sm text-slate-800" role="status" data-testid="import-report">
          {t('import.report', { created: summary.Created, updated: summary.Updated, skipped: summary.Skipped })}
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {summary?.Reason
            ? label(summary.Reason as TranslationKey)
            : context.importId
              ? t('import.watchLost')
              : (gatewayMessage(context.error) ?? t('import.uploadFailed'))}
        </p>
      )}
      {(state === 'done' || state === 'failed') && (
        <div className="flex flex-wrap gap-2">
          {context.importId && (summary?.Skipped ?? 0) > 0 && (
            <Button variant="secondary" loading={errorsFile.isPending} onClick={download}>
              {t('import.downloadErrors')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => actor.send({ type: 'import.again' })}>
            {t('import.another')}
          </Button>
          <Link
            href="/audience/contact"
            className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t('import.seeContacts')}
          </Link>
        </div>
      )}
    </div>
  );
}
