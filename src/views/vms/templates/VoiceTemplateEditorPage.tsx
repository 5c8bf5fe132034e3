import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { vmsAudioListQuery, vmsKeys, vmsTemplateQuery } from '../../../gateway/client/queries/vms';
import { VOICE_AUDIO_STATUS } from '../../../gateway/contract/statuses';
import {
  vmsTemplateCanSaveDraft,
  vmsTemplateEditorMachine,
  type VmsTemplateEditorInput,
} from '../../../machines/vms-template-editor.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../../common/useText';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

function Editor({ input }: { input: VmsTemplateEditorInput }) {
  const { t } = useTranslation('vms');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const actor = useActorRef(vmsTemplateEditorMachine, { input, inspect: inspectActor });
  const step = useSelector(actor, (s) => String(s.value));
  const context = useSelector(actor, (s) => s.context);
  const audio = useQuery(vmsAudioListQuery({ Page: 1, NumPerPage: 100, Status: VOICE_AUDIO_STATUS.Success }));

  useEffect(() => {
    if (step !== 'saved') return;
    notify(t('editor.saved'));
    void client.invalidateQueries({ queryKey: vmsKeys.templates() });
    navigate('/vms/template');
  }, [step, notify, t, client, navigate]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <Card>
        {context.error && (
          <p role="alert" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
            {text(context.error)}
          </p>
        )}
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t('editor.name')}
            value={context.name}
            error={text(context.fieldErrors.name)}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'name', value })}
          />
          <Select
            label={t('editor.audio')}
            value={context.audioId}
            error={text(context.fieldErrors.audioId)}
            onChange={(value: string) => actor.send({ type: 'field.change', field: 'audioId', value })}
            options={[
              { value: '', label: t('editor.audioPlaceholder') },
              ...(audio.data?.List ?? []).map((file) => ({ value: file.AudioId, label: file.FileName })),
            ]}
          />
          <TextField
            label={t('editor.remark')}
            value={context.remark}
            error={text(context.fieldErrors.remark)}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'remark', value })}
            className="md:col-span-2"
          />
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <Link
            href="/vms/template"
            className="rounded-[var(--radius-herald)] px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('editor.cancel')}
          </Link>
          {vmsTemplateCanSaveDraft(context) && (
            <Button variant="secondary" onClick={() => actor.send({ type: 'form.saveDraft' })}>
              {t('editor.saveDraft')}
            </Button>
          )}
          <Button type="submit" loading={step === 'submitting'}>
            {t('editor.submit')}
          </Button>
        </div>
      </Card>
    </form>
  );
}

/** Loads the template an update or a recreate starts from, then edits it. */
function FromTemplate({ templateId, edit }: { templateId: string; edit: boolean }) {
  const { t } = useTranslation('vms');
  const template = useQuery(vmsTemplateQuery(templateId));
  if (!template.data) return <p className="text-sm text-slate-600">{t('editor.loading')}</p>;
  const base = { name: template.data.TemplateName, audioId: template.data.AudioId, remark: template.data.Remark };
  return <Editor input={edit ? { ...base, templateId, status: template.data.Status } : base} />;
}

/** /vms/new-template, /vms/new-template/{recreateTemplateId} and /vms/update-template/{templateId}/{id}. */
export default function VoiceTemplateEditorPage() {
  const { t } = useTranslation('vms');
  const params = useParams<{ recreateTemplateId?: string; templateId?: string }>();
  const edited = params.templateId ?? params.recreateTemplateId;
  return (
    <PageFrame
      title={t(params.templateId ? 'titles.updateTemplate' : 'titles.newTemplate')}
      description={t('editor.subtitle')}
      testId="vms-template-editor"
    >
      {edited ? (
        <FromTemplate key={edited} templateId={edited} edit={Boolean(params.templateId)} />
      ) : (
        <Editor input={{}} />
      )}
    </PageFrame>
  );
}
