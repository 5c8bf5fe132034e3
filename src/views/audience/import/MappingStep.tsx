import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { currentMappingProblem, dataRows } from '../../../machines/contact-import.machine';
import { IMPORT_FIELDS, type ImportTarget } from '../../../gateway/contract/audience/import-rules';
import type { ContactAttribute, ContactList } from '../../../gateway/contract/audience/contact-fields';
import { useLabel } from '../../../i18n/useLabel';
import type { TranslationKey } from '../../../i18n/keys';
import { gatewayMessage } from '../../gateway-bridge';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import type { ImportActor } from './ChooseFileStep';

/** Step 2: where each column goes (an attribute once at most), the header line, a list and tags. */
export function MappingStep({
  actor,
  attributes,
  lists,
}: {
  actor: ImportActor;
  attributes: ContactAttribute[];
  lists: ContactList[];
}) {
  const { t } = useTranslation('audience');
  const label = useLabel();
  const context = useSelector(actor, (s) => s.context);
  const validating = useSelector(actor, (s) => s.matches('validating'));
  const canConfirm = useSelector(actor, (s) => s.can({ type: 'mapping.confirm' }));
  const parsed = context.parsed!;
  const problem = currentMappingProblem(context);
  const options: { value: ImportTarget | ''; label: string }[] = [
    { value: '', label: t('import.skipColumn') },
    ...IMPORT_FIELDS.map((field) => ({ value: field as ImportTarget, label: t(`fields.${field}`) })),
    ...attributes.map((a) => ({ value: `attribute:${a.AttributeId}` as ImportTarget, label: a.Name })),
  ];
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600" data-testid="import-rows">
        {t('import.rowsFound', { name: context.fileName, count: dataRows(context) })}
      </p>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={context.headerRow}
          onChange={() => actor.send({ type: 'header.toggle' })}
        />
        {t('import.headerRow')}
      </label>
      <div className="grid gap-3 md:grid-cols-2">
        {context.targets.map((target, column) => {
          const heading = context.headerRow
            ? parsed.header[column] || t('import.column', { index: column + 1 })
            : t('import.column', { index: column + 1 });
          const example = (context.headerRow ? parsed.sample[0] : parsed.header)?.[column] ?? '';
          return (
            <Select
              key={column}
              testId={`import-map-${column}`}
              label={example ? t('import.columnWithExample', { column: heading, example }) : heading}
              value={target}
              options={options}
              onChange={(next) => actor.send({ type: 'mapping.set', column, target: next })}
            />
          );
        })}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Select
          label={t('import.addToList')}
          value={context.listId ?? 0}
          options={[
            { value: 0, label: t('import.noList') },
            ...lists.map((list) => ({ value: list.ListId, label: list.Name })),
          ]}
          onChange={(listId) => actor.send({ type: 'list.choose', listId: listId || null })}
        />
        <TextField
          label={t('import.tags')}
          hint={t('contact.tagsHint')}
          value={context.tags.join(', ')}
          onValueChange={(text) =>
            actor.send({
              type: 'tags.set',
              tags: text
                .split(',')
                .map((tag) => tag.trim())
                .filter(Boolean),
            })
          }
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700" data-testid="import-mapping-problem">
          {label(problem as TranslationKey)}
        </p>
      )}
      {context.error !== null && (
        <p role="alert" className="text-sm text-red-700">
          {gatewayMessage(context.error) ?? t('import.checkFailed')}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => actor.send({ type: 'import.again' })}>
          {t('import.otherFile')}
        </Button>
        <Button
          disabled={!canConfirm}
          loading={validating}
          onClick={() => actor.send({ type: 'mapping.confirm' })}
          data-testid="import-check"
        >
          {t('import.check')}
        </Button>
      </div>
    </div>
  );
}
