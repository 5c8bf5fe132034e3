import { useSelector } from '@xstate/react';
import { memo, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { smsSendMachine } from '../../../machines/sms-send.machine';
import { RECIPIENT_FILE_MAX_BYTES, RECOMMENDED_MAX_RECIPIENTS } from '../../../workers/sms-recipients';
import { RecipientsBox, RecipientsProgress, RecipientsSummary, type RecipientsStatus } from '../RecipientsBox';
import { AudiencePicker, type PickedAudience } from '../AudiencePicker';
import { VariableMappingFields, type MappingRow } from '../VariableMappingFields';
import type { ComposerChannel } from '../../../gateway/contract/short-links';
import { Button } from '../../ui/Button';
import { Segmented } from '../../ui/Tabs';
import { useText } from '../useText';

// The recipients of every send wizard on the SMS statechart (SMS, MMS, voice, e-mail): typed or filed
// recipients of the channel's kind, or a list or segment of the audience. Only the words for the first
// kind differ by channel ("Numbers" or "Addresses"); the machine checks them by its own recipient rule.

/** Any wizard actor on the SMS send statechart (SMS, MMS and e-mail are the same machine type). */
type SendActor = ActorRefFrom<typeof smsSendMachine>;

/** The channel's words for directly given recipients; SMS's numbers when not given. */
export interface DirectRecipientsText {
  kind: string;
  pasteLabel: string;
  pasteHint: string;
  placeholder: string;
}

/** The pasted list's status, read from the machine's stored check (never parsed here). */
function usePasteStatus(actor: SendActor): RecipientsStatus {
  const checking = useSelector(actor, (s) => s.context.pasteChecking);
  const progress = useSelector(actor, (s) => s.context.pasteProgress);
  const list = useSelector(actor, (s) => s.context.pasteList);
  return { checking, progress, list };
}

type RecipientKind = 'numbers' | 'list' | 'segment';

/** A list or a segment with its count, and the template's variables mapped to attributes. */
function AudienceField({
  actor,
  kind,
  linkChannel,
}: {
  actor: SendActor;
  kind: 'list' | 'segment';
  linkChannel?: ComposerChannel;
}) {
  const text = useText();
  const taskName = useSelector(actor, (s) => s.context.form.taskName);
  const audience = useSelector(actor, (s) => s.context.audience);
  const mapping = useSelector(actor, (s) => s.context.mapping);
  const variables = useSelector(actor, (s) => s.context.template?.VariableCount ?? 0);
  const error = useSelector(actor, (s) => s.context.fieldErrors.recipients);
  const mappingError = useSelector(actor, (s) => s.context.fieldErrors.variables);
  const onPick = useCallback(
    (picked: PickedAudience) => actor.send({ type: 'audience.select', audience: picked }),
    [actor],
  );
  const onMap = useCallback(
    (variable: number, change: Partial<MappingRow>) => actor.send({ type: 'mapping.change', variable, ...change }),
    [actor],
  );
  return (
    <div className="flex flex-col gap-4">
      <AudiencePicker key={kind} kind={kind} value={audience} onChange={onPick} error={text(error)} />
      {variables > 0 && (
        <VariableMappingFields
          variableCount={variables}
          mapping={mapping}
          onChange={onMap}
          error={text(mappingError)}
          shortLinks={linkChannel ? { channel: linkChannel, campaign: taskName } : undefined}
        />
      )}
    </div>
  );
}

/**
 * Recipients: numbers (a pasted list checked in a worker, or an xlsx/txt file parsed in one, with
 * progress), or a list or segment of the audience resolved by the server when it parses the task.
 * Memoised: typing in another field of the form does not render it again (issue 22 §2).
 */
export const RecipientsField = memo(function RecipientsField({
  actor,
  direct,
  linkChannel,
}: {
  actor: SendActor;
  direct?: Partial<DirectRecipientsText>;
  /** A variable's default value takes a short link with this channel's UTM (the task name its campaign). */
  linkChannel?: ComposerChannel;
}) {
  const { t } = useTranslation('sms');
  const source = useSelector(actor, (s) => s.context.source);
  const audienceOnly = useSelector(actor, (s) => s.context.audienceOnly);
  const kind: RecipientKind = source === 'list' || source === 'segment' ? source : 'numbers';
  const audience = [
    { value: 'list', label: t('send.recipients.list') },
    { value: 'segment', label: t('send.recipients.segment') },
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <Segmented
        label={t('send.recipients.kind')}
        testId="recipients-kind"
        value={kind}
        onChange={(next) =>
          next !== kind && actor.send({ type: 'source.set', source: next === 'numbers' ? 'paste' : next })
        }
        options={
          audienceOnly
            ? [...audience]
            : [{ value: 'numbers', label: direct?.kind ?? t('send.recipients.numbers') }, ...audience]
        }
      />
      {kind === 'numbers' ? (
        <NumbersField actor={actor} direct={direct} />
      ) : (
        <AudienceField actor={actor} kind={kind} linkChannel={linkChannel} />
      )}
    </div>
  );
});

/** Numbers (or the channel's kind of recipient): pasted, or from a file. */
function NumbersField({ actor, direct }: { actor: SendActor; direct?: Partial<DirectRecipientsText> }) {
  const { t } = useTranslation('sms');
  const text = useText();
  const id = useId();
  const source = useSelector(actor, (s) => s.context.source);
  const file = useSelector(actor, (s) => s.context.file);
  const fileList = useSelector(actor, (s) => s.context.fileList);
  const fileError = useSelector(actor, (s) => s.context.fileError);
  const progress = useSelector(actor, (s) => s.context.parseProgress);
  const parsing = useSelector(actor, (s) => s.matches({ compose: 'parsingFile' }));
  const variables = useSelector(actor, (s) => s.context.template?.VariableCount ?? 0);
  const error = useSelector(actor, (s) => s.context.fieldErrors.recipients);
  const pasteStatus = usePasteStatus(actor);
  const onPaste = useCallback((value: string) => actor.send({ type: 'paste.change', text: value }), [actor]);

  return (
    <div className="flex flex-col gap-3">
      <Segmented
        label={t('send.recipients.source')}
        testId="recipients-source"
        value={source as 'paste' | 'file'}
        onChange={(next) => actor.send({ type: 'source.set', source: next })}
        options={[
          { value: 'paste', label: t('send.recipients.paste') },
          { value: 'file', label: t('send.recipients.file') },
        ]}
      />
      {variables > 0 && (
        <p className="rounded-[var(--radius-herald)] bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {t('send.recipients.variablesNeedFile', { count: variables, columns: variables + 1 })}
        </p>
      )}
      {source === 'paste' ? (
        <RecipientsBox
          label={direct?.pasteLabel ?? t('send.recipients.pasteLabel')}
          defaultText={actor.getSnapshot().context.pasteText}
          disabled={variables > 0}
          placeholder={direct?.placeholder ?? '8613800000000\n14155550100, 447700900000'}
          hint={direct?.pasteHint ?? t('send.recipients.pasteHint')}
          error={text(error)}
          onTextChange={onPaste}
          testId="recipients-paste"
          status={pasteStatus}
          recommendedMax={RECOMMENDED_MAX_RECIPIENTS}
        />
      ) : (
        <div>
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium text-slate-700">
            {t('send.recipients.fileLabel')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".xlsx,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/plain"
            data-testid="recipients-file"
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => {
              const picked = event.target.files?.[0];
              if (picked) actor.send({ type: 'file.select', file: picked });
              event.target.value = '';
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-[var(--radius-herald)] file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700 hover:file:bg-brand-100"
          />
          <p id={`${id}-file-hint`} className="mt-1 text-xs text-slate-500">
            {t('send.recipients.fileHint', {
              mb: RECIPIENT_FILE_MAX_BYTES / 1_048_576,
              max: RECOMMENDED_MAX_RECIPIENTS.toLocaleString(),
            })}
          </p>
          {file && (
            <div className="mt-3 flex items-center gap-3 text-sm">
              <span className="truncate font-medium">{file.name}</span>
              {parsing && <RecipientsProgress progress={progress} label={t('send.recipients.parsing')} />}
              <Button variant="ghost" onClick={() => actor.send({ type: 'file.clear' })}>
                {parsing ? t('send.recipients.stop') : t('send.recipients.remove')}
              </Button>
            </div>
          )}
          {fileError && (
            <p role="alert" className="mt-1 text-xs text-red-600" data-testid="recipients-file-error">
              {t(`send.fileErrors.${fileError}`)}
            </p>
          )}
          {fileList && !parsing && <RecipientsSummary list={fileList} recommendedMax={RECOMMENDED_MAX_RECIPIENTS} />}
          {error && !fileError && (
            <p role="alert" className="mt-1 text-xs text-red-600">
              {text(error)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
