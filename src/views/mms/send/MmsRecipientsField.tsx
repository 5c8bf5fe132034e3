import { useSelector } from '@xstate/react';
import { memo, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { mmsSendMachine } from '../../../machines/mms-send.machine';
import { RECIPIENT_FILE_MAX_BYTES, RECOMMENDED_MAX_RECIPIENTS } from '../../../workers/sms-recipients';
import { RecipientsBox, RecipientsProgress, RecipientsSummary } from '../../common/RecipientsBox';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Segmented } from '../../ui/Tabs';

export type MmsSendActor = ActorRefFrom<typeof mmsSendMachine>;

/**
 * Recipients as the SMS wizard takes them (the same machine states and events): a pasted list
 * checked in a worker, or an xlsx/txt file parsed in one, with progress and counts. Memoised: typing
 * in another field of the form does not render it again (issue 22 §2).
 */
export const MmsRecipientsField = memo(function MmsRecipientsField({ actor }: { actor: MmsSendActor }) {
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
  const checking = useSelector(actor, (s) => s.context.pasteChecking);
  const pasteProgress = useSelector(actor, (s) => s.context.pasteProgress);
  const pasteList = useSelector(actor, (s) => s.context.pasteList);
  const onPaste = useCallback((value: string) => actor.send({ type: 'paste.change', text: value }), [actor]);

  return (
    <div className="flex flex-col gap-3">
      <Segmented
        label={t('send.recipients.source')}
        testId="recipients-source"
        value={source}
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
          label={t('send.recipients.pasteLabel')}
          defaultText={actor.getSnapshot().context.pasteText}
          disabled={variables > 0}
          placeholder={'14155550100\n14155550101'}
          hint={t('send.recipients.pasteHint')}
          error={text(error)}
          onTextChange={onPaste}
          testId="recipients-paste"
          status={{ checking, progress: pasteProgress, list: pasteList }}
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
});
