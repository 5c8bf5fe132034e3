import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { emailTemplateEditorMachine } from '../../../machines/email-template-editor.machine';
import { emailTemplateKeys } from '../../../gateway/client/queries/email-templates';
import { attributesQuery } from '../../../gateway/client/queries/audience';
import { previewEmailTemplateMutation } from '../../../gateway/client/mutations/email-templates';
import {
  EMAIL_TEMPLATE_KINDS,
  EMAIL_TYPE,
  SYSTEM_MERGE_TAGS,
  type EmailEditorKind,
} from '../../../gateway/contract/email/template-rules';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useLabel } from '../../../i18n/useLabel';
import type { TranslationKey } from '../../../i18n/keys';
import { useNotify } from '../../shell/actors';
import { LeaveConfirmDialog, LeaveGuard } from '../../common/LeaveGuard';
import { useFieldError } from '../../common/useFieldError';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { Select } from '../../ui/Select';
import { PageLoading, Spinner } from '../../ui/Spinner';
import { Segmented } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { SubjectFields } from './SubjectFields';

const DragDropEditor = lazy(() => import('./DragDropEditor'));
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** /email/new-template and /email/update-template/{templateId}/{id}. */
export default function TemplateEditorPage() {
  const { templateId } = useParams<{ templateId?: string }>();
  return <Editor key={templateId ?? 'new'} templateId={templateId} />;
}

function Editor({ templateId }: { templateId?: string }) {
  const { t } = useTranslation('emailTemplates');
  const label = useLabel();
  const notify = useNotify();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const actor = useActorRef(emailTemplateEditorMachine, { input: { templateId }, inspect: inspectActor });
  const step = useSelector(actor, (s) => (s.matches('loading') || s.matches('start') ? 'loading' : String(s.value)));
  const context = useSelector(actor, (s) => s.context);
  const fieldError = useFieldError(context.fieldErrors);
  const attributes = useQuery(attributesQuery());
  const preview = useMutation(previewEmailTemplateMutation());
  const [previewOpen, setPreviewOpen] = useState(false);
  const mergeTags = [...SYSTEM_MERGE_TAGS, ...(attributes.data?.Attributes ?? []).map((a) => a.Name)];

  useEffect(() => {
    if (step === 'saved') {
      notify(t(context.draft ? 'editor.savedDraft' : 'editor.submitted'));
      void client.invalidateQueries({ queryKey: emailTemplateKeys.all });
      navigate('/email/template');
    }
    if (step === 'left') navigate('/email/template');
  }, [step, context.draft, notify, t, client, navigate]);

  if (step === 'loading') return <PageLoading label={t('loading')} />;
  if (step === 'loadFailed')
    return (
      <ErrorState
        message={label((context.error ?? '') as TranslationKey)}
        onRetry={() => actor.send({ type: 'load.retry' })}
        retryLabel={t('retry')}
      />
    );

  const field = (name: 'name' | 'subject' | 'previewText') => (value: string) =>
    actor.send({ type: 'field.change', field: name, value });
  const editorProps = {
    design: context.design,
    mergeTags,
    linkCampaign: context.name,
    onLoad: (c: { design: string; html: string }) => actor.send({ type: 'content.load', ...c }),
    onChange: (c: { design: string; html: string }) => actor.send({ type: 'content.change', ...c }),
  };
  const saving = step === 'saving';
  const showPreview = () => {
    setPreviewOpen(true);
    preview.mutate(context.html);
  };

  return (
    <PageFrame title={t(templateId ? 'titles.updateTemplate' : 'titles.newTemplate')} testId="email-template-editor">
      <LeaveGuard dirty={context.dirty && step !== 'saved'} />
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit', draft: false });
        }}
      >
        <Card>
          {context.rejectReason && (
            <p role="note" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
              {t('editor.rejectedBecause', { reason: context.rejectReason })}
            </p>
          )}
          {context.error && (
            <p role="alert" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
              {label(context.error as TranslationKey)}
            </p>
          )}
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label={t('editor.name')}
              value={context.name}
              onValueChange={field('name')}
              error={fieldError('name')}
            />
            <SubjectFields
              subject={context.subject}
              previewText={context.previewText}
              onChange={field}
              fieldError={fieldError}
            />
            <div className="grid grid-cols-2 gap-4">
              <Select
                label={t('editor.kind')}
                value={context.kind}
                onChange={(value) => actor.send({ type: 'field.change', field: 'kind', value })}
                options={EMAIL_TEMPLATE_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
              />
              <Select
                label={t('editor.emailType')}
                value={context.emailType}
                onChange={(value) => actor.send({ type: 'field.change', field: 'emailType', value: String(value) })}
                options={Object.values(EMAIL_TYPE).map((value) => ({
                  value: value as number,
                  label: t(`emailType.${value}`),
                }))}
              />
            </div>
          </div>
        </Card>
        <Card>
          {!templateId && (
            <div className="mb-3">
              <Segmented<EmailEditorKind>
                label={t('editor.editorKind')}
                value={context.editor}
                onChange={(editor) => actor.send({ type: 'editor.choose', editor })}
                options={[
                  { value: 'dragDrop', label: t('editor.dragDrop') },
                  { value: 'richText', label: t('editor.richText') },
                ]}
              />
            </div>
          )}
          {fieldError('content') && (
            <p role="alert" className="mb-2 text-sm text-red-600">
              {fieldError('content')}
            </p>
          )}
          <Suspense fallback={<Spinner label={t('editor.loadingEditor')} />}>
            {context.editor === 'dragDrop' ? (
              <DragDropEditor key="dnd" {...editorProps} />
            ) : (
              <RichTextEditor key="rich" {...editorProps} />
            )}
          </Suspense>
        </Card>
        {previewOpen && (
          <Card>
            <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('editor.preview')}</h2>
            {preview.isPending && <Spinner label={t('loading')} />}
            {preview.isError && (
              <p role="alert" className="text-sm text-red-600">
                {preview.error.message}
              </p>
            )}
            {preview.data && (
              <iframe
                title={t('editor.preview')}
                sandbox=""
                srcDoc={preview.data.Html}
                className="h-[32rem] w-full rounded border border-slate-200 bg-white"
              />
            )}
          </Card>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => actor.send({ type: 'leave.request' })}>
            {t('editor.cancel')}
          </Button>
          <Button variant="secondary" onClick={showPreview} disabled={!context.html}>
            {t('editor.showPreview')}
          </Button>
          {(context.status === null || context.status === 0) && (
            <Button
              variant="secondary"
              loading={saving}
              onClick={() => actor.send({ type: 'form.submit', draft: true })}
            >
              {t('editor.saveDraft')}
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {t('editor.submit')}
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
