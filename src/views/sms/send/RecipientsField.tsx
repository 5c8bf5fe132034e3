import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  pastedRecipients,
  RECIPIENT_FILE_MAX_BYTES,
  RECOMMENDED_MAX_RECIPIENTS,
  type RecipientList,
} from '../../../workers/sms-recipients';
import { Button } from '../../ui/Button';
import { Segmented } from '../../ui/Tabs';
import { Textarea } from '../../ui/Textarea';
import { formatCount } from '../format';
import { useText } from '../text';
import type { SendActor } from './ComposeForm';

function Summary({ list }: { list: RecipientList }) {
  const { t, i18n } = useTranslation('sms');
  const lang = i18n.language;
  return (
    <div className="mt-2 text-sm text-slate-600" data-testid="recipients-summary" aria-live="polite">
      <p>
        {t('send.recipients.summary', {
          count: list.count,
          countText: formatCount(list.count, lang),
          invalid: formatCount(list.invalid, lang),
          duplicates: formatCount(list.duplicates, lang),
        })}
      </p>
      {list.skippedHeader && <p className="text-xs text-slate-500">{t('send.recipients.skippedHeader')}</p>}
      {list.count > RECOMMENDED_MAX_RECIPIENTS && (
        <p className="text-xs text-amber-700">
          {t('send.recipients.tooMany', { max: formatCount(RECOMMENDED_MAX_RECIPIENTS, lang) })}
        </p>
      )}
    </div>
  );
}

/** Recipients: a pasted list, or an xlsx/txt file parsed in a worker with progress. */
export function RecipientsField({ actor }: { actor: SendActor }) {
  const { t } = useTranslation('sms');
  const text = useText();
  const id = useId();
  const source = useSelector(actor, (s) => s.context.source);
  const pasteText = useSelector(actor, (s) => s.context.pasteText);
  const file = useSelector(actor, (s) => s.context.file);
  const fileList = useSelector(actor, (s) => s.context.fileList);
  const fileError = useSelector(actor, (s) => s.context.fileError);
  const progress = useSelector(actor, (s) => s.context.parseProgress);
  const parsing = useSelector(actor, (s) => s.matches({ compose: 'parsingFile' }));
  const variables = useSelector(actor, (s) => s.context.template?.VariableCount ?? 0);
  const error = useSelector(actor, (s) => s.context.fieldErrors.recipients);
  const pasted = useMemo(() => (pasteText.trim() ? pastedRecipients(pasteText) : null), [pasteText]);

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
        <div>
          <Textarea
            label={t('send.recipients.pasteLabel')}
            rows={6}
            value={pasteText}
            disabled={variables > 0}
            placeholder={'8613800000000\n14155550100, 447700900000'}
            hint={t('send.recipients.pasteHint')}
            error={text(error)}
            onValueChange={(value) => actor.send({ type: 'paste.change', text: value })}
            data-testid="recipients-paste"
          />
          {pasted && <Summary list={pasted} />}
        </div>
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
              {parsing && (
                <div
                  role="progressbar"
                  aria-label={t('send.recipients.parsing')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress * 100)}
                  className="h-2 w-40 overflow-hidden rounded-full bg-slate-100"
                >
                  <div
                    className="h-full bg-brand-600 transition-[width]"
                    style={{ width: `${Math.round(progress * 100)}%` }}
                  />
                </div>
              )}
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
          {fileList && <Summary list={fileList} />}
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
