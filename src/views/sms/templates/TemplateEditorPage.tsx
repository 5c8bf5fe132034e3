import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { smsTemplateEditorMachine, type TemplateEditorMode } from '../../../machines/sms-template-editor.machine';
import { smsKeys } from '../../../gateway/client/queries/sms';
import { countSmsSegments } from '../../../gateway/contract/sms-segments';
import {
  SMS_LIMITS,
  SMS_TEMPLATE_LANGUAGES,
  SMS_TEMPLATE_PURPOSE,
  type SmsTemplateLanguage,
} from '../../../gateway/contract/sms-constants';
import {
  renderTemplate,
  templateVariableCount,
  templateWordCount,
  variableEndsBody,
  variablesInOrder,
  wordCountSufficient,
} from '../../../gateway/contract/sms-template';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useNotify } from '../../shell/actors';
import { LeaveGuard } from '../../common/LeaveGuard';
import { useChangedSinceReady } from '../../common/useChangedSinceReady';
import { InsertShortLinkButton } from '../../common/short-links/InsertShortLinkButton';
import { insertIntoTextarea } from '../../common/short-links/insert-at-cursor';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { Select } from '../../ui/Select';
import { PageLoading } from '../../ui/Spinner';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';
import { SmsPage } from '../SmsPage';
import { useText } from '../text';
import { TEMPLATE_REMARK_MAX } from '../../../gateway/contract/actions/sms-templates';

function languageName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A rule of the template: pending while there is no content, then passing (✓) or failing (✕, in red). */
function Check({ ok, pending, children }: { ok: boolean; pending: boolean; children: string }) {
  const { t } = useTranslation('sms');
  const state = pending ? 'pending' : ok ? 'ok' : 'fail';
  const tone = { pending: 'text-slate-500', ok: 'text-emerald-700', fail: 'text-red-600' }[state];
  return (
    <li className={`flex items-center gap-2 ${tone}`} data-check={state}>
      <span aria-hidden>{{ pending: '○', ok: '✓', fail: '✕' }[state]}</span>
      {children}
      {state === 'fail' && <span className="sr-only">{t('editor.checkFailing')}</span>}
    </li>
  );
}

function Editor({ mode, templateId }: { mode: TemplateEditorMode; templateId?: string }) {
  const { t, i18n } = useTranslation('sms');
  const text = useText();
  const lang = i18n.language;
  const notify = useNotify();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  // A pasted text is kept whole (no maxlength cut): the counter and this error say how much to remove.
  const tooLong = (value: string, max: number, key: string) => (value.trim().length > max ? text(key) : undefined);
  const actor = useActorRef(smsTemplateEditorMachine, {
    input: { mode, templateId, language: lang === 'zh' ? 'zh' : 'en' },
    inspect: inspectActor,
  });
  const step = useSelector(actor, (s) => (s.matches('loading') || s.matches('start') ? 'loading' : String(s.value)));
  const context = useSelector(actor, (s) => s.context);
  const { name, purpose, language, content: typed, remark } = context;
  const changed = useChangedSinceReady(step === 'editing', [name, purpose, language, typed, remark]);

  useEffect(() => {
    if (step !== 'saved') return;
    notify(t('editor.saved'));
    void client.invalidateQueries({ queryKey: smsKeys.templates() });
    navigate('/sms/template');
  }, [step, notify, t, client, navigate]);

  if (step === 'loading') return <PageLoading label={t('loading')} />;
  if (step === 'loadFailed')
    return (
      <ErrorState
        message={text(context.error)}
        onRetry={() => actor.send({ type: 'load.retry' })}
        retryLabel={t('retry')}
      />
    );

  const content = context.content;
  const parts = countSmsSegments(renderTemplate(content));
  const variables = templateVariableCount(content);
  const submitting = step === 'submitting';

  return (
    <form
      noValidate
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <LeaveGuard dirty={changed && step !== 'saved'} />
      <Card>
        {context.rejectReason && mode === 'recreate' && (
          <p role="note" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
            {t('editor.rejectedBecause', { reason: context.rejectReason })}
          </p>
        )}
        {context.error && (
          <p role="alert" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
            {text(context.error)}
          </p>
        )}
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t('editor.name')}
            value={context.name}
            counter={{ count: context.name.trim().length, max: SMS_LIMITS.templateNameMax }}
            error={
              tooLong(context.name, SMS_LIMITS.templateNameMax, 'validation:nameTooLong') ??
              text(context.fieldErrors.name)
            }
            hint={t('editor.nameHint')}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'name', value })}
            className="md:col-span-2"
            data-testid="template-name-input"
          />
          <Select
            label={t('editor.purpose')}
            value={context.purpose}
            onChange={(value) => actor.send({ type: 'purpose.change', value })}
            options={Object.values(SMS_TEMPLATE_PURPOSE).map((value) => ({
              value: value as number,
              label: t(`purpose.${value}`),
            }))}
          />
          <Select
            label={t('editor.language')}
            value={context.language}
            error={text(context.fieldErrors.language)}
            onChange={(value: SmsTemplateLanguage) => actor.send({ type: 'field.change', field: 'language', value })}
            options={SMS_TEMPLATE_LANGUAGES.map((code) => ({ value: code, label: languageName(code, lang) }))}
          />
          <div className="md:col-span-2">
            <Textarea
              ref={contentRef}
              label={t('editor.content')}
              rows={6}
              value={content}
              counter={{ count: content.trim().length, max: SMS_LIMITS.templateContentMax }}
              error={
                tooLong(content, SMS_LIMITS.templateContentMax, 'validation:smsContentTooLong') ??
                text(context.fieldErrors.content)
              }
              hint={t('editor.contentHint', { first: '{{1}}' })}
              onValueChange={(value) => actor.send({ type: 'field.change', field: 'content', value })}
              data-testid="template-content-input"
            />
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Button
                variant="secondary"
                onClick={() =>
                  actor.send({ type: 'variable.insert', at: contentRef.current?.selectionStart ?? content.length })
                }
              >
                {t('editor.insertVariable')}
              </Button>
              <InsertShortLinkButton
                context={{ channel: 'sms', campaign: context.name }}
                onInsert={(link) =>
                  insertIntoTextarea(contentRef.current, content, link.ShortUrl, (value) =>
                    actor.send({ type: 'field.change', field: 'content', value }),
                  )
                }
              />
            </div>
          </div>
          <TextField
            label={t('editor.remark')}
            value={context.remark}
            counter={{ count: context.remark.trim().length, max: TEMPLATE_REMARK_MAX }}
            error={
              tooLong(context.remark, TEMPLATE_REMARK_MAX, 'validation:remarkTooLong') ??
              text(context.fieldErrors.remark)
            }
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'remark', value })}
            className="md:col-span-2"
          />
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <Link
            href="/sms/template"
            className="rounded-[var(--radius-herald)] px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('editor.cancel')}
          </Link>
          <Button type="submit" loading={submitting} data-testid="template-submit">
            {t('editor.submit')}
          </Button>
        </div>
      </Card>
      <aside className="flex flex-col gap-4">
        <Card title={t('editor.checks')}>
          <ul className="space-y-1 text-sm" aria-live="polite">
            <Check pending={!content.trim()} ok={variablesInOrder(content)}>
              {t('editor.checkOrder')}
            </Check>
            <Check pending={!content.trim()} ok={!variableEndsBody(content)}>
              {t('editor.checkEnd')}
            </Check>
            <Check pending={!content.trim()} ok={wordCountSufficient(content)}>
              {variables === 0
                ? t('editor.checkWordsNone')
                : t('editor.checkWords', { count: templateWordCount(content), needed: 3 * variables })}
            </Check>
          </ul>
        </Card>
        <Card title={t('send.preview.title')}>
          <p className="whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm">
            {content || t('editor.previewEmpty')}
          </p>
          <p className="mt-2 text-xs text-slate-500">
            {t('editor.parts', { count: parts.segments, units: parts.units, variables })}
          </p>
        </Card>
      </aside>
    </form>
  );
}

/** /sms/new-template, /sms/new-template/:recreateTemplateId and /sms/update-template/:templateId/:id. */
export default function TemplateEditorPage() {
  const { t } = useTranslation('sms');
  const params = useParams<{ recreateTemplateId?: string; templateId?: string; id?: string }>();
  const mode: TemplateEditorMode = params.templateId ? 'update' : params.recreateTemplateId ? 'recreate' : 'create';
  const templateId = params.templateId ?? params.recreateTemplateId;
  const title =
    mode === 'update'
      ? t('titles.updateTemplate')
      : mode === 'recreate'
        ? t('titles.recreateTemplate')
        : t('titles.newTemplate');
  return (
    <SmsPage
      title={title}
      description={t('editor.subtitle', { first: '{{1}}', second: '{{2}}' })}
      testId="sms-template-editor"
    >
      <Editor key={`${mode}:${templateId ?? ''}`} mode={mode} templateId={templateId} />
    </SmsPage>
  );
}
