import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { smsProjectsQuery, smsTemplatesQuery } from '../../../../gateway/client/queries/sms';
import { SMS_TEMPLATE_STATUS } from '../../../../gateway/contract/sms-constants';
import type { smsSendMachine } from '../../../../machines/sms-send.machine';
import {
  ComposeNextButton,
  CountryField,
  SendTextField,
  TaskNameField,
  TemplateField,
  useSendField,
} from '../ComposeFields';
import { RecipientsField } from '../RecipientsField';
import { ScheduleCard } from '../ScheduleCard';
import { Card } from '../../../ui/Card';
import { Select } from '../../../ui/Select';
import { useUpgradeGate } from '../upgrade-gate';
import { LivePreview } from './LivePreview';
import { TagPicker } from './TagPicker';

export type SendActor = ActorRefFrom<typeof smsSendMachine>;

/** The compose step: every field of the task, the recipients, and the live preview beside them.
 * The form itself subscribes to nothing: each field reads its own slice of the machine (issue 22). */
export function ComposeForm({ actor }: { actor: SendActor }) {
  const { t } = useTranslation('sms');
  const templates = useQuery(smsTemplatesQuery({ Page: 1, NumPerPage: 100, Status: [SMS_TEMPLATE_STATUS.Passed] }));
  // Spec 000 §4: sending needs an upgraded account; the prompt runs the step or explains the upgrade.
  const upgrade = useUpgradeGate();

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
            <TaskNameField actor={actor} />
            <TemplateField
              actor={actor}
              templates={templates}
              option={(item) => ({ value: item.TemplateId, label: item.TemplateName, hint: item.Content.slice(0, 80) })}
              pick={(item) => item}
              hint={t('send.templateHint')}
              newTemplateHref="/sms/new-template"
            />
            <CountryField actor={actor} />
            <SendTextField
              actor={actor}
              field="senderId"
              label={t('send.fields.senderId')}
              hint={t('send.senderIdHint')}
              maxLength={11}
            />
            <ProjectField actor={actor} />
            <TagPicker actor={actor} />
          </div>
        </Card>
        <Card title={t('send.sections.recipients')}>
          <RecipientsField actor={actor} linkChannel="sms" />
        </Card>
        <ScheduleCard actor={actor} />
        <ComposeNextButton actor={actor} />
      </div>
      <LivePreview actor={actor} />
    </form>
  );
}

/** The SMS project the task is billed and reported under. */
function ProjectField({ actor }: { actor: SendActor }) {
  const { t, i18n } = useTranslation('sms');
  const { value, error, onValueChange } = useSendField(actor, 'projectId');
  const projects = useQuery(smsProjectsQuery());
  const lang = i18n.language;
  return (
    <Select
      label={t('send.fields.project')}
      value={value}
      error={error}
      options={(
        projects.data?.Projects ?? [
          { ProjectId: 'default', EnName: 'Default', CnName: '默认项目', Key: 'default', IsDefault: true },
        ]
      ).map((p) => ({ value: p.ProjectId, label: lang === 'zh' ? p.CnName : p.EnName }))}
      onChange={onValueChange}
    />
  );
}
