import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { attributesQuery, contactListsQuery } from '../../gateway/client/queries/audience';
import { contactImportMachine } from '../../machines/contact-import.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { openContactFileSession } from '../../workers/contact-import-session';
import { Card } from '../ui/Card';
import { AudiencePage } from './AudiencePage';
import { ChooseFileStep } from './import/ChooseFileStep';
import { MappingStep } from './import/MappingStep';
import { ProgressStep } from './import/ProgressStep';
import { ReviewStep } from './import/ReviewStep';

/** /audience/contacts/import: the contactImport machine's steps, one card each. */
export default function ImportPage() {
  const { t } = useTranslation('audience');
  const client = useQueryClient();
  const actor = useActorRef(contactImportMachine, {
    input: { client, openSession: openContactFileSession },
    inspect: inspectActor,
  });
  const attributes = useQuery(attributesQuery());
  const lists = useQuery(contactListsQuery());
  useEffect(() => {
    if (attributes.data) actor.send({ type: 'attributes.set', attributes: attributes.data.Attributes });
  }, [actor, attributes.data]);
  const step = useSelector(actor, (s) => s.value as string);
  return (
    <AudiencePage title={t('titles.import')} description={t('import.description')} testId="import-page">
      <ol className="mb-4 flex flex-wrap gap-2 text-xs text-slate-500" aria-label={t('import.steps')}>
        {(['choosing', 'mapping', 'reviewing', 'importing'] as const).map((name) => (
          <li
            key={name}
            aria-current={step === name ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${step === name ? 'bg-brand-600 text-white' : 'bg-slate-100'}`}
          >
            {t(`import.stepNames.${name}`)}
          </li>
        ))}
      </ol>
      <Card>
        {(step === 'choosing' || step === 'parsing') && <ChooseFileStep actor={actor} />}
        {(step === 'mapping' || step === 'validating') && (
          <MappingStep actor={actor} attributes={attributes.data?.Attributes ?? []} lists={lists.data?.Lists ?? []} />
        )}
        {step === 'reviewing' && <ReviewStep actor={actor} />}
        {(step === 'uploading' || step === 'importing' || step === 'done' || step === 'failed') && (
          <ProgressStep actor={actor} />
        )}
      </Card>
    </AudiencePage>
  );
}
