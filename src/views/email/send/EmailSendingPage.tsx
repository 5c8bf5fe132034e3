import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { emailTemplateQuery } from '../../../gateway/client/queries/email-templates';
import type { EmailTemplate } from '../../../gateway/contract/actions/email-templates';
import { EMAIL_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import { emailSendMachine, emailSendTemplate } from '../../../machines/email-send.machine';
import type { SendDraft } from '../../../machines/sms-send.machine';
import { SessionActor } from '../../shell/actors';
import { ChannelSendingPage, sendingTexts, useTemplateIdParam } from '../../common/send/ChannelSendingPage';
import type { SendResult } from '../../common/send/SendOutcome';
import { EmailComposeForm } from '../../common/send/email/EmailComposeForm';
import { EmailReviewStep } from '../../common/send/email/EmailReviewStep';
import { UpgradeGate } from '../../common/send/upgrade-gate';
import { useUpgradePrompt } from '../../shell/useUpgradePrompt';

const passed = (template: EmailTemplate) => template.Status === EMAIL_TEMPLATE_STATUS.Passed;

/** /email/sending: the e-mail send wizard, bound to emailSendMachine (addresses as recipients). */
export default function EmailSendingPage() {
  const { t } = useTranslation('emailSend');
  const designLink = (
    <p className="mb-4 text-sm text-slate-600">
      {t('send.designMailHint')}{' '}
      <Link href="/email/message/email-editor" className="font-medium text-brand-700 underline">
        {t('send.designMail')}
      </Link>
    </p>
  );
  return <EmailSendWizard templateId={useTemplateIdParam()} notice={designLink} />;
}

/**
 * The wizard with a template to select once loaded (and passed), and a draft to start from (send
 * again, the one-off editor); `title` and `notice` say where it came from.
 */
export function EmailSendWizard(props: { templateId: string; draft?: SendDraft; title?: string; notice?: ReactNode }) {
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const { t } = useTranslation('emailSend');
  const preset = useQuery({ ...emailTemplateQuery(props.templateId), enabled: props.templateId !== '' });
  const suppressedNote = (r: SendResult) => {
    const suppressed = 'SuppressedCount' in r ? Number(r.SuppressedCount) : 0;
    return suppressed > 0 && <p className="text-sm text-slate-600">{t('send.suppressed', { count: suppressed })}</p>;
  };
  const texts = sendingTexts(t);
  const upgrade = useUpgradePrompt();
  return (
    <UpgradeGate.Provider value={upgrade}>
      <ChannelSendingPage
        channel="email"
        user={user}
        texts={props.title ? { ...texts, title: props.title } : texts}
        machine={emailSendMachine}
        input={{ recipientKind: 'email', ...(props.draft ? { draft: props.draft } : {}) }}
        preset={preset.data}
        usable={passed}
        toSendTemplate={emailSendTemplate}
        Compose={EmailComposeForm}
        Review={EmailReviewStep}
        notice={props.notice}
        note={suppressedNote}
      />
    </UpgradeGate.Provider>
  );
}
