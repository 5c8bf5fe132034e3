import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { mmsKeys, mmsTemplateQuery } from '../../../gateway/client/queries/mms';
import type { MmsTemplate } from '../../../gateway/contract/actions/mms';
import { MMS_LIMITS } from '../../../gateway/contract/mms-content';
import { SMS_LIMITS, SMS_TEMPLATE_LANGUAGES, type SmsTemplateLanguage } from '../../../gateway/contract/sms-constants';
import {
  mmsTemplateEditable,
  mmsTemplateEditorMachine,
  mmsTemplateFieldsOf,
  type MmsTemplateEditorInput,
  type MmsTemplateFields,
} from '../../../machines/mms-template-editor.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LeaveGuard } from '../../common/LeaveGuard';
import { loadTemplateDraft, saveTemplateDraft } from '../../common/templates/template-draft';
import { useText } from '../../common/useText';
import { SessionActor, useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { PageLoading } from '../../ui/Spinner';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';
import { ImagesField } from './ImagesField';

function languageName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const DRAFT_EDITOR = 'mms';

/** The editor's start: this tab's kept draft of the template when there is one (a reload, a Back). */
function startInput(userId: number, templateId: string | null, base: MmsTemplateEditorInput): MmsTemplateEditorInput {
  const draft = loadTemplateDraft<MmsTemplateFields>(DRAFT_EDITOR, userId, templateId);
  return draft ? { ...base, fields: draft, dirty: true } : base;
}

/** A stored template's fields; its stored images have no preview address here (name and size show). */
const fieldsOf = (template: MmsTemplate): MmsTemplateFields => ({
  name: template.TemplateName,
  language: SMS_TEMPLATE_LANGUAGES.find((code) => code === template.Language) ?? 'en',
  subject: template.Subject,
  text: template.Text,
  remark: template.Remark,
  images: template.Images.map((image) => ({ fileId: image.FileId, name: image.FileName, size: image.Size, url: '' })),
});

function Editor({ input, userId }: { input: MmsTemplateEditorInput; userId: number }) {
  const { t, i18n } = useTranslation(['mms', 'sms']);
  const text = useText();
  const lang = i18n.language;
  const notify = useNotify();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const actor = useActorRef(mmsTemplateEditorMachine, { input, inspect: inspectActor });
  const step = useSelector(actor, (s) => String(s.value));
  const context = useSelector(actor, (s) => s.context);
  // A pasted text is kept whole (no maxlength cut): the counter and this error say how much to remove.
  const tooLong = (value: string, max: number, key: string) => (value.trim().length > max ? text(key) : undefined);
  const templateId = context.templateId;

  // The draft follows the fields while they differ from what the page opened; saved, it is forgotten.
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const keep = snapshot.context.dirty && !snapshot.matches('saved');
      saveTemplateDraft(DRAFT_EDITOR, userId, templateId, keep ? mmsTemplateFieldsOf(snapshot.context) : null);
    });
    return () => subscription.unsubscribe();
  }, [actor, userId, templateId]);

  useEffect(() => {
    if (step !== 'saved') return;
    notify(t('mms:editor.saved'));
    void client.invalidateQueries({ queryKey: mmsKeys.templates() });
    navigate('/mms/template');
  }, [step, notify, t, client, navigate]);

  return (
    <form
      noValidate
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <LeaveGuard
        dirty={context.dirty && step !== 'saved'}
        onLeave={() => saveTemplateDraft(DRAFT_EDITOR, userId, templateId, null)}
      />
      <Card>
        {context.error && (
          <p role="alert" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
            {text(context.error)}
          </p>
        )}
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t('sms:editor.name')}
            value={context.name}
            counter={{ count: context.name.trim().length, max: SMS_LIMITS.templateNameMax }}
            error={
              tooLong(context.name, SMS_LIMITS.templateNameMax, 'validation:nameTooLong') ??
              text(context.fieldErrors.name)
            }
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'name', value })}
            data-testid="template-name-input"
          />
          <Select
            label={t('sms:editor.language')}
            value={context.language}
            error={text(context.fieldErrors.language)}
            onChange={(value: SmsTemplateLanguage) => actor.send({ type: 'field.change', field: 'language', value })}
            options={SMS_TEMPLATE_LANGUAGES.map((code) => ({ value: code, label: languageName(code, lang) }))}
          />
          <TextField
            label={t('mms:editor.subject')}
            value={context.subject}
            counter={{ count: context.subject.trim().length, max: MMS_LIMITS.subjectMax }}
            error={text(context.fieldErrors.subject)}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'subject', value })}
            className="md:col-span-2"
            data-testid="mms-subject-input"
          />
          <div className="md:col-span-2">
            <Textarea
              ref={textRef}
              label={t('mms:editor.text')}
              rows={5}
              value={context.text}
              counter={{ count: context.text.trim().length, max: MMS_LIMITS.textMax }}
              error={text(context.fieldErrors.text)}
              hint={t('mms:editor.textHint', { first: '{{1}}' })}
              onValueChange={(value) => actor.send({ type: 'field.change', field: 'text', value })}
              data-testid="mms-text-input"
            />
            <Button
              variant="secondary"
              className="mt-2"
              onClick={() =>
                actor.send({ type: 'variable.insert', at: textRef.current?.selectionStart ?? context.text.length })
              }
            >
              {t('sms:editor.insertVariable')}
            </Button>
          </div>
          <div className="md:col-span-2">
            <ImagesField editor={actor} />
          </div>
          <TextField
            label={t('sms:editor.remark')}
            value={context.remark}
            error={text(context.fieldErrors.remark)}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'remark', value })}
            className="md:col-span-2"
          />
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <Link
            href="/mms/template"
            className="rounded-[var(--radius-herald)] px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('sms:editor.cancel')}
          </Link>
          <Button type="submit" loading={step === 'submitting'} data-testid="template-submit">
            {t('sms:editor.submit')}
          </Button>
        </div>
      </Card>
      <aside>
        <Card title={t('mms:editor.preview')}>
          <div className="space-y-2 rounded-2xl bg-slate-100 p-3 text-sm" data-testid="mms-preview">
            <p className="font-semibold">{context.subject || t('mms:editor.previewSubject')}</p>
            {context.images.map((image) =>
              image.url ? (
                <img key={image.fileId} src={image.url} alt={image.name} className="w-full rounded" />
              ) : (
                <p key={image.fileId} className="rounded bg-white px-2 py-6 text-center text-xs text-slate-500">
                  {image.name}
                </p>
              ),
            )}
            <p className="whitespace-pre-wrap break-words">{context.text}</p>
          </div>
        </Card>
      </aside>
    </form>
  );
}

/** Loads the template an update starts from; only a status the template lifecycle lets be edited opens. */
function FromTemplate({ templateId, userId }: { templateId: string; userId: number }) {
  const { t } = useTranslation(['mms', 'sms']);
  const template = useQuery(mmsTemplateQuery(templateId));
  if (template.isError)
    return (
      <ErrorState message={t('sms:loadFailed')} onRetry={() => void template.refetch()} retryLabel={t('sms:retry')} />
    );
  if (!template.data) return <PageLoading label={t('sms:loading')} />;
  if (!mmsTemplateEditable(template.data.Status))
    return (
      <Card>
        <p role="note" className="text-sm text-slate-700" data-testid="mms-template-not-editable">
          {t('mms:editor.notEditable')}
        </p>
        <Link href="/mms/template" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
          {t('mms:editor.backToList')}
        </Link>
      </Card>
    );
  return (
    <Editor userId={userId} input={startInput(userId, templateId, { templateId, fields: fieldsOf(template.data) })} />
  );
}

/** /mms/new-template (a new MMS template) and /mms/update-template/{templateId}/{id} (an edit of one). */
export default function MmsTemplateEditorPage() {
  const { t, i18n } = useTranslation('mms');
  const { templateId } = useParams<{ templateId?: string }>();
  const userId = SessionActor.useSelector((s) => s.context.userInfo?.AdminUserId ?? 0);
  const language: SmsTemplateLanguage = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <PageFrame
      title={t(templateId ? 'titles.updateTemplate' : 'titles.newTemplate')}
      description={t('editor.subtitle', { first: '{{1}}' })}
      testId="mms-template-editor"
    >
      {templateId ? (
        <FromTemplate key={`${userId}:${templateId}`} templateId={templateId} userId={userId} />
      ) : (
        <Editor key={userId} userId={userId} input={startInput(userId, null, { language })} />
      )}
    </PageFrame>
  );
}
