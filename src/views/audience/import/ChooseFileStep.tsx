import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { contactImportMachine } from '../../../machines/contact-import.machine';
import { Spinner } from '../../ui/Spinner';

export type ImportActor = ActorRefFrom<typeof contactImportMachine>;

/** Step 1: a csv, xlsx or txt file (read in a worker, never on the page's thread). */
export function ChooseFileStep({ actor }: { actor: ImportActor }) {
  const { t } = useTranslation('audience');
  const parsing = useSelector(actor, (s) => s.matches('parsing'));
  const fileError = useSelector(actor, (s) => s.context.fileError);
  const fileName = useSelector(actor, (s) => s.context.fileName);
  return (
    <div className="grid gap-3">
      <label className="grid gap-2 text-sm font-medium text-slate-700">
        {t('import.chooseFile')}
        <input
          type="file"
          accept=".csv,.xlsx,.txt"
          data-testid="import-file"
          disabled={parsing}
          aria-describedby="import-file-hint"
          aria-invalid={fileError ? true : undefined}
          className="text-sm font-normal"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) actor.send({ type: 'file.choose', file });
            event.target.value = '';
          }}
        />
      </label>
      <p id="import-file-hint" className="text-sm text-slate-500">
        {t('import.fileHint')}
      </p>
      {parsing && (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner className="h-4 w-4" label={t('import.parsing', { name: fileName })} />
          {t('import.parsing', { name: fileName })}
        </p>
      )}
      {fileError && (
        <p role="alert" className="text-sm text-red-700" data-testid="import-file-error">
          {t(`import.fileErrors.${fileError as 'fileType'}`, { name: fileName })}
        </p>
      )}
    </div>
  );
}
