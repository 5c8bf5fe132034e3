import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { waTemplateKeys } from '../../../gateway/client/queries/wa-templates';
import {
  waVariables,
  WA_BUTTON_KINDS,
  WA_HEADER_FORMATS,
  WA_TEMPLATE_CATEGORIES,
  WA_TEMPLATE_LANGUAGES,
  WA_TEMPLATE_LIMITS,
  WA_TEMPLATE_TYPES,
} from '../../../gateway/contract/wa-templates';
import { waTemplateLifecycle } from '../../../machines/lifecycles/wa-template.machine';
import { waTemplateEditorMachine, type WaEditorMode } from '../../../machines/wa-template-editor.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LeaveGuard } from '../../common/LeaveGuard';
import { useChangedSinceReady } from '../../common/useChangedSinceReady';
import { useText } from '../../common/useText';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { Select } from '../../ui/Select';
import { PageLoading } from '../../ui/Spinner';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';
import { languageName, WA_TEMPLATE_LIST_PATH } from './labels';
import { WaButtonsField } from './WaButtonsField';
import { FileUploadField } from '../../common/FileUploadField';
import { WA_MEDIA_ACCEPT } from './media-types';
import { WaTemplatePreview } from './WaTemplatePreview';

export type WaEditorActor = ActorRefFrom<typeof waTemplateEditorMachine>;

function Editor({ mode, templateId }: { mode: WaEditorMode; templateId?: string }) {
  const { t, i18n } = useTranslation('waTemplates');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const actor = useActorRef(waTemplateEditorMachine, { input: { mode, templateId }, inspect: inspectActor });
  const step = useSelector(actor, (s) => (s.matches('loading') || s.matches('start') ? 'loading' : String(s.value)));
  const context = useSelector(actor, (s) => s.context);
  const { form, fieldErrors: errors } = context;
  const changed = useChangedSinceReady(step === 'editing', form);
  const err = (path: string) => text(errors[path]) || undefined;
  const set = (field: Parameters<typeof actor.send>[0] & { type: 'field.change' }) => actor.send(field);
  const categoryLocked =
    context.status !== null &&
    !waTemplateLifecycle.can(context.status, { type: 'template.edit', categoryChanged: true });
  const auth = form.Category === 'AUTHENTICATION';
  const variableCount = new Set(waVariables(form.Body)).size;

  useEffect(() => {
    if (step !== 'saved') return;
    notify(t('editor.saved'));
    void client.invalidateQueries({ queryKey: waTemplateKeys.all });
    navigate(WA_TEMPLATE_LIST_PATH);
  }, [step, notify, t, client, navigate]);

  if (step === 'loading') return <PageLoading label={t('editor.loading')} />;
  if (step === 'loadFailed')
    return (
      <ErrorState
        message={text(context.error) || t('editor.loadFailed')}
        onRetry={() => actor.send({ type: 'load.retry' })}
        retryLabel={t('editor.retry')}
      />
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <LeaveGuard dirty={changed && step !== 'saved'} />
      <Card>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'form.submit' });
          }}
        >
          {context.rejectReason && (
            <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-700">
              {t('editor.rejected', {
                reason: t(`reason.${context.rejectReason}` as never, { defaultValue: context.rejectReason }),
              })}
            </p>
          )}
          <TextField
            label={t('editor.name')}
            value={form.Name}
            disabled={mode === 'update'}
            hint={t('editor.nameHint')}
            error={err('Name')}
            counter={{ count: form.Name.length, max: WA_TEMPLATE_LIMITS.nameMax }}
            onValueChange={(value) => set({ type: 'field.change', field: 'Name', value })}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <Select
              label={t('editor.language')}
              value={form.Language}
              disabled={mode === 'update'}
              options={WA_TEMPLATE_LANGUAGES.map((value) => ({ value, label: languageName(value, i18n.language) }))}
              onChange={(value) => set({ type: 'field.change', field: 'Language', value })}
            />
            <Select
              label={t('editor.category')}
              value={form.Category}
              disabled={categoryLocked}
              error={err('Category') ?? (categoryLocked ? t('editor.categoryLocked') : undefined)}
              options={WA_TEMPLATE_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
              onChange={(value) => set({ type: 'field.change', field: 'Category', value })}
            />
            <Select
              label={t('editor.type')}
              value={form.Type}
              disabled={auth}
              error={err('Type')}
              options={WA_TEMPLATE_TYPES.map((value) => ({ value, label: t(`editor.types.${value}`) }))}
              onChange={(value) => set({ type: 'field.change', field: 'Type', value })}
            />
          </div>
          {!auth && (
            <Select
              label={t('editor.header')}
              value={form.HeaderFormat}
              error={err('HeaderFormat')}
              options={WA_HEADER_FORMATS.filter((f) =>
                form.Type === 'Media' ? f !== 'NONE' && f !== 'TEXT' : f === 'NONE' || f === 'TEXT',
              ).map((value) => ({ value, label: t(`editor.headerFormats.${value}`) }))}
              onChange={(value) => set({ type: 'field.change', field: 'HeaderFormat', value })}
            />
          )}
          {form.HeaderFormat === 'TEXT' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('editor.headerText')}
                value={form.HeaderText}
                error={err('HeaderText')}
                counter={{ count: form.HeaderText.length, max: WA_TEMPLATE_LIMITS.headerTextMax }}
                onValueChange={(value) => set({ type: 'field.change', field: 'HeaderText', value })}
              />
              {waVariables(form.HeaderText).length > 0 && (
                <TextField
                  label={t('editor.headerSample')}
                  value={form.HeaderSample}
                  error={err('HeaderSample')}
                  onValueChange={(value) => set({ type: 'field.change', field: 'HeaderSample', value })}
                />
              )}
            </div>
          )}
          {form.Type === 'Media' && (
            <FileUploadField
              key={form.HeaderFormat}
              label={t('editor.media')}
              error={err('HeaderMediaFileId')}
              accept={WA_MEDIA_ACCEPT[form.HeaderFormat] ?? WA_MEDIA_ACCEPT.IMAGE}
              current={form.HeaderMediaFileId || undefined}
              onStored={({ fileId }) => set({ type: 'field.change', field: 'HeaderMediaFileId', value: fileId })}
            />
          )}
          <Textarea
            label={t('editor.body')}
            value={form.Body}
            rows={5}
            readOnly={auth}
            hint={t('editor.bodyHint')}
            error={err('Body')}
            counter={{ count: form.Body.length, max: WA_TEMPLATE_LIMITS.bodyMax }}
            onValueChange={(value) => set({ type: 'field.change', field: 'Body', value })}
          />
          {!auth && (
            <div>
              <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'variable.insert' })}>
                {t('editor.insertVariable')}
              </Button>
            </div>
          )}
          {variableCount > 0 && (
            <div className="grid gap-3 sm:grid-cols-2">
              {Array.from({ length: variableCount }, (_, i) => (
                <TextField
                  key={i}
                  label={t('editor.sample', { n: i + 1 })}
                  value={form.BodySamples[i] ?? ''}
                  error={err(`BodySamples.${i}`)}
                  onValueChange={(value) => actor.send({ type: 'sample.change', index: i, value })}
                />
              ))}
            </div>
          )}
          {auth ? (
            <TextField
              label={t('editor.expiry')}
              type="number"
              inputMode="numeric"
              value={form.CodeExpiryMinutes === null ? '' : String(form.CodeExpiryMinutes)}
              error={err('CodeExpiryMinutes')}
              onValueChange={(value) =>
                set({ type: 'field.change', field: 'CodeExpiryMinutes', value: value === '' ? null : Number(value) })
              }
            />
          ) : (
            <TextField
              label={t('editor.footer')}
              value={form.Footer}
              error={err('Footer')}
              counter={{ count: form.Footer.length, max: WA_TEMPLATE_LIMITS.footerMax }}
              onValueChange={(value) => set({ type: 'field.change', field: 'Footer', value })}
            />
          )}
          {!auth && (
            <Select
              label={t('editor.buttons')}
              value={form.ButtonKind}
              error={err('ButtonKind')}
              options={WA_BUTTON_KINDS.filter((k) => k !== 'COPY_CODE').map((value) => ({
                value,
                label: t(`editor.buttonKinds.${value}`),
              }))}
              onChange={(value) => set({ type: 'field.change', field: 'ButtonKind', value })}
            />
          )}
          <WaButtonsField actor={actor} />
          {context.error && !Object.keys(errors).length && (
            <p role="alert" className="text-sm text-red-600">
              {text(context.error)}
            </p>
          )}
          <div className="flex gap-3">
            <Button type="submit" loading={step === 'submitting'}>
              {t(mode === 'update' ? 'editor.resubmit' : 'editor.submit')}
            </Button>
            <Link href={WA_TEMPLATE_LIST_PATH} className="rounded px-4 py-2 text-sm text-slate-600 hover:bg-slate-100">
              {t('editor.cancel')}
            </Link>
          </div>
        </form>
      </Card>
      <WaTemplatePreview form={form} />
    </div>
  );
}

/** /whatsapp/new-template */
export function WaNewTemplatePage() {
  const { t } = useTranslation('waTemplates');
  return (
    <PageFrame title={t('titles.new')}>
      <Editor mode="create" />
    </PageFrame>
  );
}

/** /whatsapp/update-template/{templateName}/{templateId}/{account}/{phone}: read by templateId. */
export function WaUpdateTemplatePage() {
  const { t } = useTranslation('waTemplates');
  const params = useParams<{ templateId: string }>();
  return (
    <PageFrame title={t('titles.edit')}>
      <Editor key={params.templateId} mode="update" templateId={params.templateId} />
    </PageFrame>
  );
}
