import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { attributesQuery } from '../../../gateway/client/queries/audience';
import { emailTemplateKeys, emailTemplateQuery } from '../../../gateway/client/queries/email-templates';
import { SYSTEM_MERGE_TAGS } from '../../../gateway/contract/email/template-rules';
import { EMAIL_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import {
  emailTemplateEditorMachine,
  emailTemplateFieldsOf,
  type EmailTemplateEditorInput,
  type EmailTemplateStartFields,
} from '../../../machines/email-template-editor.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import type { TranslationKey } from '../../../i18n/keys';
import { useLabel } from '../../../i18n/useLabel';
import { LeaveConfirmDialog, LeaveGuard } from '../../common/LeaveGuard';
import { loadTemplateDraft, saveTemplateDraft } from '../../common/templates/template-draft';
import { useFieldError } from '../../common/useFieldError';
import { SessionActor, useNotify } from '../../shell/actors';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { Spinner } from '../../ui/Spinner';
import { SubjectFields } from './SubjectFields';
import { statusView } from './status';

// /email/message/email-editor (issue 13 item 4): a one-off mail designed in the template editor's
// drag-and-drop editor and machine. The page names it ("Mail of <date time>") and saves it as a batch
// marketing template (CreateEmailTemplate), so it is reviewed like every marketing mail; the page then
// waits for the review (?templateId=) and opens the send wizard with it (docs/decisions.md).

const DragDropEditor = lazy(() => import('./DragDropEditor'));

const DRAFT_EDITOR = 'emailDesign';
const SENDING = '/email/sending';
/** How often the waiting step asks for the template's review state. */
const POLL_MS = 1500;

export default function MailDesignPage() {
  const templateId = new URLSearchParams(useSearch()).get('templateId') ?? '';
  const userId = SessionActor.useSelector((s) => s.context.userInfo?.AdminUserId ?? 0);
  return templateId ? (
    <WaitForReview key={templateId} templateId={templateId} />
  ) : (
    <Designer key={userId} userId={userId} />
  );
}

/** The editor's start: this tab's kept draft (a reload, a Back), or a new mail named after now. */
function startInput(userId: number, name: string): EmailTemplateEditorInput {
  const draft = loadTemplateDraft<EmailTemplateStartFields>(DRAFT_EDITOR, userId, null);
  return draft ? { fields: draft, dirty: true } : { fields: { name } };
}

function Designer({ userId }: { userId: number }) {
  const { t } = useTranslation('emailTemplates');
  const label = useLabel();
  const notify = useNotify();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [input] = useState(() => startInput(userId, t('design.name', { time: dayjs().format('YYYY-MM-DD HH:mm') })));
  const actor = useActorRef(emailTemplateEditorMachine, { input, inspect: inspectActor });
  const step = useSelector(actor, (s) => String(s.value));
  const context = useSelector(actor, (s) => s.context);
  const fieldError = useFieldError(context.fieldErrors);
  const attributes = useQuery(attributesQuery());
  const mergeTags = [...SYSTEM_MERGE_TAGS, ...(attributes.data?.Attributes ?? []).map((a) => a.Name)];

  // The draft follows the fields while they are unsaved work; saved or left, it is forgotten.
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const keep = snapshot.context.dirty && !snapshot.matches('saved') && !snapshot.matches('left');
      saveTemplateDraft(DRAFT_EDITOR, userId, null, keep ? emailTemplateFieldsOf(snapshot.context) : null);
    });
    return () => subscription.unsubscribe();
  }, [actor, userId]);

  useEffect(() => {
    if (step === 'saved' && context.savedId) {
      notify(t('editor.submitted'));
      void client.invalidateQueries({ queryKey: emailTemplateKeys.all });
      navigate(`/email/message/email-editor?templateId=${encodeURIComponent(context.savedId)}`, { replace: true });
    }
    if (step === 'left') navigate(SENDING);
  }, [step, context.savedId, notify, t, client, navigate]);

  const field = (name: 'subject' | 'previewText') => (value: string) =>
    actor.send({ type: 'field.change', field: name, value });
  const nameError = fieldError('name');

  return (
    <PageFrame title={t('titles.designMail')} description={t('design.subtitle')} testId="email-design">
      <LeaveGuard
        dirty={context.dirty && step !== 'saved'}
        onLeave={() => saveTemplateDraft(DRAFT_EDITOR, userId, null, null)}
      />
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit', draft: false });
        }}
      >
        <Card>
          {(context.error ?? nameError) && (
            <p role="alert" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
              {context.error ? label(context.error as TranslationKey) : nameError}
            </p>
          )}
          <div className="grid gap-4 md:grid-cols-2">
            <SubjectFields
              subject={context.subject}
              previewText={context.previewText}
              onChange={field}
              fieldError={fieldError}
            />
          </div>
          <p className="mt-3 text-sm text-slate-600">{t('design.savedAs', { name: context.name })}</p>
        </Card>
        <Card>
          {fieldError('content') && (
            <p role="alert" className="mb-2 text-sm text-red-600">
              {fieldError('content')}
            </p>
          )}
          <Suspense fallback={<Spinner label={t('editor.loadingEditor')} />}>
            <DragDropEditor
              design={context.design}
              mergeTags={mergeTags}
              linkCampaign={context.name}
              onLoad={(c) => actor.send({ type: 'content.load', ...c })}
              onChange={(c) => actor.send({ type: 'content.change', ...c })}
            />
          </Suspense>
        </Card>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => actor.send({ type: 'leave.request' })}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" loading={step === 'saving'}>
            {t('design.continue')}
          </Button>
        </div>
      </form>
      <LeaveConfirmDialog
        open={step === 'confirmingLeave'}
        onLeave={() => actor.send({ type: 'leave.confirm' })}
        onStay={() => actor.send({ type: 'leave.cancel' })}
      />
    </PageFrame>
  );
}

const REVIEWING: number[] = [EMAIL_TEMPLATE_STATUS.PendingReview, EMAIL_TEMPLATE_STATUS.InReview];

/** The saved mail in review: polled until it passes, then the send wizard opens with it. */
function WaitForReview({ templateId }: { templateId: string }) {
  const { t } = useTranslation('emailTemplates');
  const label = useLabel();
  const [, navigate] = useLocation();
  const template = useQuery({
    ...emailTemplateQuery(templateId),
    refetchInterval: (query) => (REVIEWING.includes(query.state.data?.Status ?? -1) ? POLL_MS : false),
  });
  const status = template.data?.Status;

  useEffect(() => {
    if (status === EMAIL_TEMPLATE_STATUS.Passed)
      navigate(`${SENDING}?templateId=${encodeURIComponent(templateId)}`, { replace: true });
  }, [status, templateId, navigate]);

  if (template.isError)
    return (
      <PageFrame title={t('titles.designMail')} testId="email-design-review">
        <ErrorState message={template.error.message} onRetry={() => void template.refetch()} retryLabel={t('retry')} />
      </PageFrame>
    );
  const data = template.data;
  const view = statusView(status ?? EMAIL_TEMPLATE_STATUS.PendingReview);
  return (
    <PageFrame title={t('titles.designMail')} testId="email-design-review">
      <Card>
        <h2 className="mb-2 flex items-center gap-2 text-base font-semibold text-slate-800">
          {t('design.waitingTitle')}
          {data && <Badge tone={view.tone}>{label(`emailTemplates:status.${view.key}`)}</Badge>}
        </h2>
        {(!data || REVIEWING.includes(data.Status) || data.Status === EMAIL_TEMPLATE_STATUS.Passed) && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4" label={t('loading')} />
            {t('design.waiting', { name: data?.TemplateName ?? templateId })}
          </p>
        )}
        {data && data.Status === EMAIL_TEMPLATE_STATUS.Rejected && (
          <p role="alert" className="text-sm text-red-800">
            {t('design.rejected', { reason: data.RejectReason })}{' '}
            <Link href={`/email/update-template/${data.TemplateId}/${data.Id}`} className="text-brand-700 underline">
              {t('design.editTemplate')}
            </Link>
          </p>
        )}
        {data &&
          !REVIEWING.includes(data.Status) &&
          data.Status !== EMAIL_TEMPLATE_STATUS.Passed &&
          data.Status !== EMAIL_TEMPLATE_STATUS.Rejected && (
            <p className="text-sm text-slate-700">
              <Link href="/email/template" className="text-brand-700 underline">
                {t('design.toTemplates')}
              </Link>
            </p>
          )}
      </Card>
    </PageFrame>
  );
}
