import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../../i18n/useLabel';
import type { TranslationKey } from '../../../i18n/keys';
import { Button } from '../../ui/Button';
import type { ImportActor } from './ChooseFileStep';

/** Step 3: how many rows are good, the first problems with their row numbers, then import. */
export function ReviewStep({ actor }: { actor: ImportActor }) {
  const { t } = useTranslation('audience');
  const label = useLabel();
  const validation = useSelector(actor, (s) => s.context.validation!);
  const canStart = useSelector(actor, (s) => s.can({ type: 'import.start' }));
  const columnName = (target: string) =>
    target.startsWith('attribute:') || target === ''
      ? target.replace('attribute:', '#')
      : t(`fields.${target as 'email'}`);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700" data-testid="import-valid">
        {t('import.validRows', { valid: validation.valid, invalid: validation.invalid })}
      </p>
      {validation.problems.length > 0 && (
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">{t('import.firstProblems')}</p>
          <ul className="max-h-64 overflow-auto text-sm text-slate-600" data-testid="import-problems">
            {validation.problems.map((problem) => (
              <li key={problem.row}>
                {t('import.problem', { row: problem.row, column: columnName(problem.target) })}{' '}
                {label(problem.key as TranslationKey)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!canStart && (
        <p role="alert" className="text-sm text-red-700">
          {t('import.nothingValid')}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => actor.send({ type: 'mapping.edit' })}>
          {t('import.editMapping')}
        </Button>
        <Button disabled={!canStart} onClick={() => actor.send({ type: 'import.start' })} data-testid="import-start">
          {t('import.start', { count: validation.valid })}
        </Button>
      </div>
    </div>
  );
}
