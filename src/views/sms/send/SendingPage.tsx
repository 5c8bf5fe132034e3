import { useActorRef } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  draftOf,
  isDraftDirty,
  smsSendMachine,
  type SendActorRef,
  type SendDraft,
} from '../../../machines/sms-send.machine';
import { smsTemplateQuery } from '../../../gateway/client/queries/sms';
import { SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { SessionActor, useNotify } from '../../shell/actors';
import { FailedCard, SubmittedCard, useWizardStep } from '../../common/send/SendOutcome';
import { SmsPage } from '../SmsPage';
import { RetCode } from '../../../gateway/contract/retcodes';
import { ComposeForm } from '../../common/send/sms/ComposeForm';
import { ReviewStep } from '../../common/send/sms/ReviewStep';
import { TopUpLink } from '../TopUpLink';
import { LeaveGuard } from '../../common/LeaveGuard';
import { loadSendDraft, saveSendDraft } from '../../common/send/draft';
import { UpgradeGate } from '../../common/send/upgrade-gate';
import { useUpgradePrompt } from '../../shell/useUpgradePrompt';

/** /sms/sending: the send wizard, bound to smsSendMachine, once this tab's draft is read (draft.ts). */
export default function SendingPage() {
  const { t } = useTranslation('sms');
  const userId = SessionActor.useSelector((s) => s.context.userInfo?.AdminUserId ?? 0);
  // undefined while reading; then the draft, or null for none
  const [draft, setDraft] = useState<SendDraft | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void loadSendDraft(userId).then((loaded) => {
      if (current) setDraft(loaded ?? null);
    });
    return () => {
      current = false;
    };
  }, [userId]);
  return (
    <SmsPage title={t('titles.sending')} description={t('send.subtitle')} testId="sms-sending">
      {draft !== undefined && <SendWizard userId={userId} draft={draft ?? undefined} />}
    </SmsPage>
  );
}

function SendWizard({ userId, draft }: { userId: number; draft: SendDraft | undefined }) {
  const { t } = useTranslation('sms');
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const templateId = new URLSearchParams(useSearch()).get('templateId') ?? '';
  const actor = useActorRef(smsSendMachine, {
    input: { trial: user ? !user.Upgrade : false, timeZone: user?.Timezone || 'UTC', draft },
    inspect: inspectActor,
  });
  const { step: state, dirty } = useWizardStep(actor);
  useDraft(actor, userId);
  useReviewHistory(actor, state === 'review');
  const [, navigate] = useLocation();
  const notify = useNotify();
  const upgrade = useUpgradePrompt();
  const preset = useQuery(smsTemplateQuery(templateId));

  useEffect(() => {
    const template = preset.data;
    if (template && template.Status === SMS_TEMPLATE_STATUS.Passed) actor.send({ type: 'template.select', template });
  }, [preset.data, actor]);

  useEffect(() => {
    if (state !== 'trialOnly') return;
    notify(t('send.trialRedirect'), 'info');
    navigate(templateId ? `/experience?templateId=${encodeURIComponent(templateId)}` : '/experience', {
      replace: true,
    });
  }, [state, navigate, notify, t, templateId]);

  return (
    <UpgradeGate.Provider value={upgrade}>
      <LeaveGuard dirty={dirty} onLeave={() => saveSendDraft(userId, null)} />
      {state === 'compose' && <ComposeForm actor={actor} />}
      {state === 'review' && <ReviewStep actor={actor} />}
      {state === 'submitted' && (
        <SubmittedCard actor={actor} taskPath={(r) => `/sms/task/${r.TaskId}/${r.AccountId}/${r.SessionNo}`} />
      )}
      {state === 'failed' && (
        <FailedCard
          actor={actor}
          links={(errorCode) => (
            <>
              {errorCode === RetCode.InsufficientBalance && (
                <TopUpLink className="text-sm font-medium text-brand-700 underline" />
              )}
              {errorCode === RetCode.SendLimitReached && (
                <Link href="/sms/setting" className="text-sm font-medium text-brand-700 underline">
                  {t('send.failed.limits')}
                </Link>
              )}
            </>
          )}
        />
      )}
    </UpgradeGate.Provider>
  );
}

/**
 * Keeps the draft (draft.ts) while it changes; forgets it once sent or emptied. A write still
 * waiting when the page goes away (a reload right after the last key) is done then, not dropped.
 */
function useDraft(actor: SendActorRef, userId: number) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: ((leaving: boolean) => void) | null = null;
    let last: unknown[] = [];
    const flush = (leaving = false) => {
      clearTimeout(timer);
      pending?.(leaving);
      pending = null;
    };
    const saverOf = (snapshot: ReturnType<SendActorRef['getSnapshot']>) => (leaving: boolean) => {
      const keep = !snapshot.matches('submitted') && isDraftDirty(snapshot.context);
      saveSendDraft(userId, keep ? draftOf(snapshot.context) : null, { leaving });
    };
    // Leaving always writes the latest draft at once (also when the last write already ran: it may
    // still be under way in IndexedDB, and a write in an unloading page may never commit).
    const onPageHide = () => {
      pending ??= saverOf(actor.getSnapshot());
      flush(true);
    };
    const subscription = actor.subscribe((snapshot) => {
      const { context } = snapshot;
      const parts = [context.form, context.template, context.source, context.pasteText, snapshot.matches('submitted')];
      if (parts.every((part, i) => part === last[i])) return;
      last = parts;
      clearTimeout(timer);
      pending = saverOf(snapshot);
      // A pause first: a 1.3 MB list is written once per burst of edits, not per key.
      timer = setTimeout(() => flush(), 400);
    });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush();
      subscription.unsubscribe();
    };
  }, [actor, userId]);
}

/**
 * The review step is a history entry (issue 18 §7): browser Back there returns to editing instead of
 * leaving the wizard; the in-page Back button takes the entry off again.
 */
function useReviewHistory(actor: SendActorRef, reviewing: boolean) {
  useEffect(() => {
    const marked = (history.state as { sendStep?: string } | null)?.sendStep === 'review';
    if (reviewing && !marked) history.pushState({ ...(history.state as object), sendStep: 'review' }, '');
    if (!reviewing && marked && actor.getSnapshot().matches('compose')) history.back();
  }, [actor, reviewing]);
  useEffect(() => {
    const back = () => {
      if (actor.getSnapshot().can({ type: 'preview.back' })) actor.send({ type: 'preview.back' });
    };
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, [actor]);
}
