import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { emailDomainListQuery, emailSenderListQuery } from '../../../../gateway/client/queries/email-domains';
import { emailTemplateListQuery } from '../../../../gateway/client/queries/email-templates';
import { EMAIL_DOMAIN_STATUS, EMAIL_SENDER_STATUS, EMAIL_TEMPLATE_STATUS } from '../../../../gateway/contract/statuses';
import { emailSendTemplate, type emailSendMachine } from '../../../../machines/email-send.machine';
import { ComposeNextButton, TaskNameField, TemplateField, useSendField } from '../ComposeFields';
import { RecipientsField } from '../RecipientsField';
import { ScheduleCard } from '../ScheduleCard';
import { useUpgradeGate } from '../upgrade-gate';
import { Card } from '../../../ui/Card';
import { Combobox } from '../../../ui/Select';

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

/** The sender, from the enabled senders on verified domains. */
function SenderField({ actor }: { actor: EmailSendActor }) {
  const { t } = useTranslation(['emailSend', 'sms']);
  const { value, error, onValueChange } = useSendField(actor, 'senderId');
  const senders = useUsableSenders();
  return (
    <div>
      <Combobox
        label={t('emailSend:send.sender')}
        testId="send-sender"
        value={value || null}
        placeholder={senders.pending ? t('sms:loading') : t('emailSend:send.senderPlaceholder')}
        noMatches={t('emailSend:send.noSenders')}
        error={error}
        options={senders.usable.map((sender) => ({
          value: sender.SenderId,
          label: sender.Alias ? `${sender.Alias} <${sender.Address}>` : sender.Address,
          hint: sender.Domain,
        }))}
        onChange={onValueChange}
      />
      <p className="mt-1 text-xs text-slate-500">
        {senders.failed ? t('sms:loadFailed') : t('emailSend:send.senderHint')}{' '}
        <Link href="/email/setting" className="text-brand-700 underline">
          {t('emailSend:send.settingsLink')}
        </Link>
      </p>
    </div>
  );
}

/** The compose step: task name, sender, template, recipients and the send time. */
export function EmailComposeForm({ actor }: { actor: EmailSendActor }) {
  const { t } = useTranslation(['emailSend', 'sms']);
  const templates = useQuery(
    emailTemplateListQuery({ Page: 1, NumPerPage: 100, Status: [EMAIL_TEMPLATE_STATUS.Passed] }),
  );
  // Spec 000 §4: sending needs an upgraded account; the prompt runs the step or explains the upgrade.
  const upgrade = useUpgradeGate();

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
          <TaskNameField actor={actor} />
          <SenderField actor={actor} />
          <TemplateField
            actor={actor}
            templates={templates}
            option={(item) => ({ value: item.TemplateId, label: item.TemplateName, hint: item.Subject })}
            pick={emailSendTemplate}
            hint={t('emailSend:send.templateHint')}
            newTemplateHref="/email/new-template"
          />
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
      <ComposeNextButton actor={actor} />
    </form>
  );
}
