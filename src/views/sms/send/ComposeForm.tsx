import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ScheduleCard } from '../../common/send/ScheduleCard';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { smsSendMachine, SendField } from '../../../machines/sms-send.machine';
import { smsCountriesQuery, smsProjectsQuery, smsTemplatesQuery } from '../../../gateway/client/queries/sms';
import { SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Combobox, Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { useUpgradePrompt } from '../../shell/useUpgradePrompt';
import { countryLabel } from '../format';
import { useText } from '../text';
import { LivePreview } from './LivePreview';
import { RecipientsField } from '../../common/send/RecipientsField';
import { TagPicker } from './TagPicker';

export type SendActor = ActorRefFrom<typeof smsSendMachine>;

/** The compose step: every field of the task, the recipients, and the live preview beside them. */
export function ComposeForm({ actor }: { actor: SendActor }) {
  const { t, i18n } = useTranslation('sms');
  const text = useText();
  const form = useSelector(actor, (s) => s.context.form);
  const template = useSelector(actor, (s) => s.context.template);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  // The machine takes the form only once a chosen file is read (a new country reads it again).
  const readingFile = useSelector(actor, (s) => s.matches({ compose: 'parsingFile' }));
  const templates = useQuery(smsTemplatesQuery({ Page: 1, NumPerPage: 100, Status: [SMS_TEMPLATE_STATUS.Passed] }));
  const countries = useQuery(smsCountriesQuery());
  const projects = useQuery(smsProjectsQuery());
  // Spec 000 §4: sending needs an upgraded account; the prompt runs the step or explains the upgrade.
  const upgrade = useUpgradePrompt();
  const set = (field: SendField) => (value: string) => actor.send({ type: 'field.change', field, value });
  const lang = i18n.language;

  return (
    <form
      noValidate
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      onSubmit={(event) => {
        event.preventDefault();
        upgrade.request(() => actor.send({ type: 'form.submit' }));
      }}
    >
      <div className="flex flex-col gap-6">
        <Card title={t('send.sections.message')}>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label={t('send.fields.taskName')}
              value={form.taskName}
              onValueChange={set('taskName')}
              error={text(errors.taskName)}
              maxLength={64}
              className="md:col-span-2"
            />
            <div className="md:col-span-2">
              <Combobox
                label={t('send.fields.template')}
                testId="send-template"
                value={template?.TemplateId ?? null}
                placeholder={templates.isPending ? t('loading') : t('send.fields.templatePlaceholder')}
                noMatches={t('send.noTemplates')}
                error={text(errors.template)}
                options={(templates.data?.Templates ?? []).map((item) => ({
                  value: item.TemplateId,
                  label: item.TemplateName,
                  hint: item.Content.slice(0, 80),
                }))}
                onChange={(id) => {
                  const picked = templates.data?.Templates.find((item) => item.TemplateId === id);
                  if (picked) actor.send({ type: 'template.select', template: picked });
                }}
              />
              <p className="mt-1 text-xs text-slate-500">
                {templates.isError ? t('loadFailed') : t('send.templateHint')}{' '}
                <Link href="/sms/new-template" className="text-brand-700 underline">
                  {t('send.newTemplate')}
                </Link>
              </p>
            </div>
            <Combobox
              label={t('send.fields.country')}
              testId="send-country"
              value={form.countryCode || null}
              placeholder={countries.isPending ? t('loading') : t('send.fields.countryPlaceholder')}
              noMatches={t('send.noCountries')}
              error={text(errors.countryCode)}
              options={(countries.data?.Countries ?? [])
                .filter((c) => c.Supported)
                .map((c) => ({ value: c.CountryCode, label: countryLabel(c, lang), hint: c.CountryCode }))}
              onChange={set('countryCode')}
            />
            <TextField
              label={t('send.fields.senderId')}
              value={form.senderId}
              onValueChange={set('senderId')}
              error={text(errors.senderId)}
              hint={t('send.senderIdHint')}
              maxLength={11}
            />
            <Select
              label={t('send.fields.project')}
              value={form.projectId}
              error={text(errors.projectId)}
              options={(
                projects.data?.Projects ?? [
                  { ProjectId: 'default', EnName: 'Default', CnName: '默认项目', Key: 'default', IsDefault: true },
                ]
              ).map((p) => ({ value: p.ProjectId, label: lang === 'zh' ? p.CnName : p.EnName }))}
              onChange={set('projectId')}
            />
            <TagPicker actor={actor} />
          </div>
        </Card>
        <Card title={t('send.sections.recipients')}>
          <RecipientsField actor={actor} />
        </Card>
        <ScheduleCard actor={actor} />
        <div className="flex justify-end">
          <Button type="submit" data-testid="send-next" disabled={readingFile}>
            {t('send.next')}
          </Button>
        </div>
      </div>
      <LivePreview actor={actor} />
    </form>
  );
}
