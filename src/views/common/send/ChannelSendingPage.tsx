import { useActorRef } from '@xstate/react';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { UserInfo } from '../../../gateway/contract/actions/account';
import { RetCode } from '../../../gateway/contract/retcodes';
import type { SendInput, SendTemplate, smsSendMachine } from '../../../machines/sms-send.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LeaveGuard } from '../LeaveGuard';
import { PageFrame } from '../../ui/PageFrame';
import type { ChannelSendActor } from './send-actor';
import { FailedCard, SubmittedCard, TrialOnlyCard, useWizardStep, type SendResult } from './SendOutcome';

type SendingKey = 'titles.sending' | 'send.subtitle' | 'send.trialOnly' | 'send.upgrade' | 'send.topUp';

/** The page's words from a channel namespace that has these keys (`t` of useTranslation('mms')). */
export const sendingTexts = (t: (key: SendingKey) => string) => ({
  title: t('titles.sending'),
  subtitle: t('send.subtitle'),
  trialOnly: t('send.trialOnly'),
  upgrade: t('send.upgrade'),
  topUp: t('send.topUp'),
});

/** The ?templateId= of a "send with this template" link, or ''. */
export const useTemplateIdParam = () => new URLSearchParams(useSearch()).get('templateId') ?? '';

export interface ChannelSendingPageProps<Template> {
  /** The channel's path segment and test-id prefix: 'mms' gives /mms/task/… and `mms-sending`. */
  channel: string;
  /** The signed-in user: a trial account sends SMS tests only; the schedule starts in their time zone. */
  user: Pick<UserInfo, 'Upgrade' | 'Timezone'> | null;
  /** The channel's own words for the page. */
  texts: ReturnType<typeof sendingTexts>;
  machine: typeof smsSendMachine;
  /** What the channel's wizard starts with besides the trial flag and time zone. */
  input?: Partial<SendInput>;
  /** The template a ?templateId= link names, once loaded; selected when `usable`. */
  preset: Template | undefined;
  usable: (template: Template) => boolean;
  toSendTemplate: (template: Template) => SendTemplate;
  Compose: ComponentType<{ actor: ChannelSendActor }>;
  Review: ComponentType<{ actor: ChannelSendActor }>;
  /** A note above the steps (send again: what could not be copied from the task). */
  notice?: ReactNode;
  /** A line of the channel's own under the submitted counts. */
  note?: (result: SendResult) => ReactNode;
  /** What the last step shows instead of the sent task (the campaign editor: the saved campaign). */
  Submitted?: ComponentType<{ actor: ChannelSendActor }>;
}

/**
 * /<channel>/sending for every channel on the SMS wizard's statechart (MMS, voice, e-mail): compose,
 * the one check, submitted or failed; trial accounts send SMS tests only.
 */
export function ChannelSendingPage<Template>(props: ChannelSendingPageProps<Template>) {
  const { channel, user, texts, preset, usable, toSendTemplate, Compose, Review } = props;
  const actor = useActorRef(props.machine, {
    input: { trial: user ? !user.Upgrade : false, timeZone: user?.Timezone || 'UTC', ...props.input },
    inspect: inspectActor,
  });
  const { step, dirty } = useWizardStep(actor);

  useEffect(() => {
    if (preset && usable(preset)) actor.send({ type: 'template.select', template: toSendTemplate(preset) });
  }, [preset, usable, toSendTemplate, actor]);

  return (
    <PageFrame title={texts.title} description={texts.subtitle} testId={`${channel}-sending`}>
      <LeaveGuard dirty={dirty} />
      {props.notice}
      {step === 'trialOnly' && (
        <TrialOnlyCard testId={`${channel}-trial`} body={texts.trialOnly} upgrade={texts.upgrade} />
      )}
      {step === 'compose' && <Compose actor={actor} />}
      {step === 'review' && <Review actor={actor} />}
      {step === 'submitted' && props.Submitted && <props.Submitted actor={actor} />}
      {step === 'submitted' && !props.Submitted && (
        <SubmittedCard
          actor={actor}
          taskPath={(r) => `/${channel}/task/${r.TaskId}/${r.AccountId}/${r.SessionNo}`}
          note={props.note}
        />
      )}
      {step === 'failed' && (
        <FailedCard
          actor={actor}
          links={(errorCode) =>
            errorCode === RetCode.InsufficientBalance && (
              <Link href="/bill/management" className="text-sm font-medium text-brand-700 underline">
                {texts.topUp}
              </Link>
            )
          }
        />
      )}
    </PageFrame>
  );
}
