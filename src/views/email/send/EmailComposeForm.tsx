import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ScheduleCard } from '../../common/send/ScheduleCard';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { emailDomainListQuery, emailSenderListQuery } from '../../../gateway/client/queries/email-domains';
import { emailTemplateListQuery } from '../../../gateway/client/queries/email-templates';
import { EMAIL_DOMAIN_STATUS, EMAIL_SENDER_STATUS, EMAIL_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import { emailSendTemplate, type emailSendMachine } from '../../../machines/email-send.machine';
import type { SendField } from '../../../machines/sms-send.machine';
import { RecipientsField } from '../../common/send/RecipientsField';
import { useText } from '../../common/useText';
import { useUpgradePrompt } from '../../shell/useUpgradePrompt';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Combobox } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

export type EmailSendActor = ActorRefFrom<typeof emailSendMachine>;

/** Senders that can send now: enabled, on a domain whose DNS check passed. */
function useUsableSenders() {
  const senders = useQuery(emailSenderListQuery());
  const domains = useQuery(emailDomainListQuery());
  const verified = new Set(
    (domains.data?.Domains ?? []).filter((d) => d.Status === EMAIL_DOMAIN_STATUS.Passed).map((d) => d.DomainId),
  );
  const usable = (senders.data?.Senders ?? []).filter(
    (sender) => sender.Status === EMAIL_SENDER_STATUS.Enabled && verified.has(sender.DomainId),
  );
  return { usable, pending: senders.isPending || domains.isPending, failed: senders.isError || domains.isError };
}

/** The compose step: task name, sender, template, recipients and the send time. */
export function EmailComposeForm({ actor }: { actor: EmailSendActor }) {
  const { t } = useTranslation(['emailSend', 'sms']);
  const text = useText();
  const form = useSelector(actor, (s) => s.context.form);
  const template = useSelector(actor, (s) => s.context.template);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const readingFile = useSelector(actor, (s) => s.matches({ compose: 'parsingFile' }));
  const senders = useUsableSenders();
  const templates = useQuery(
    emailTemplateListQuery({ Page: 1, NumPerPage: 100, Status: [EMAIL_TEMPLATE_STATUS.Passed] }),
  );
  // Spec 000 §4: sending needs an upgraded account; the prompt runs the step or explains the upgrade.
  const upgrade = useUpgradePrompt();
  const set = (field: SendField) => (value: string) => actor.send({ type: 'field.change', field, value });

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        upgrade.request(() => actor.send({ type: 'form.submit' }));
      }}
    >
      <Card title={t('sms:send.sections.message')}>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t('sms:send.fields.taskName')}
            value={form.taskName}
            onValueChange={set('taskName')}
            error={text(errors.taskName)}
            maxLength={64}
            className="md:col-span-2"
          />
          <div>
            <Combobox
              label={t('emailSend:send.sender')}
              testId="send-sender"
              value={form.senderId || null}
              placeholder={senders.pending ? t('sms:loading') : t('emailSend:send.senderPlaceholder')}
              noMatches={t('emailSend:send.noSenders')}
              error={text(errors.senderId)}
              options={senders.usable.map((sender) => ({
                value: sender.SenderId,
                label: sender.Alias ? `${sender.Alias} <${sender.Address}>` : sender.Address,
                hint: sender.Domain,
              }))}
              onChange={set('senderId')}
            />
            <p className="mt-1 text-xs text-slate-500">
              {senders.failed ? t('sms:loadFailed') : t('emailSend:send.senderHint')}{' '}
              <Link href="/email/setting" className="text-brand-700 underline">
                {t('emailSend:send.settingsLink')}
              </Link>
            </p>
          </div>
          <div>
            <Combobox
              label={t('sms:send.fields.template')}
              testId="send-template"
              value={template?.TemplateId ?? null}
              placeholder={templates.isPending ? t('sms:loading') : t('sms:send.fields.templatePlaceholder')}
              noMatches={t('sms:send.noTemplates')}
              error={text(errors.template)}
              options={(templates.data?.Templates ?? []).map((item) => ({
                value: item.TemplateId,
                label: item.TemplateName,
                hint: item.Subject,
              }))}
              onChange={(id) => {
                const picked = templates.data?.Templates.find((item) => item.TemplateId === id);
                if (picked) actor.send({ type: 'template.select', template: emailSendTemplate(picked) });
              }}
            />
            <p className="mt-1 text-xs text-slate-500">
              {templates.isError ? t('sms:loadFailed') : t('emailSend:send.templateHint')}{' '}
              <Link href="/email/new-template" className="text-brand-700 underline">
                {t('sms:send.newTemplate')}
              </Link>
            </p>
          </div>
        </div>
      </Card>
      <Card title={t('sms:send.sections.recipients')}>
        <RecipientsField
          actor={actor}
          direct={{
            kind: t('emailSend:send.addresses'),
            pasteLabel: t('emailSend:send.pasteLabel'),
            pasteHint: t('emailSend:send.pasteHint'),
            placeholder: 'ann@example.com\nbob@example.org',
          }}
        />
      </Card>
      <ScheduleCard actor={actor} />
      <div className="flex justify-end">
        <Button type="submit" data-testid="send-next" disabled={readingFile}>
          {t('sms:send.next')}
        </Button>
      </div>
    </form>
  );
}
