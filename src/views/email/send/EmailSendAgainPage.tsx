import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { emailRecordsQuery, emailTaskListQuery } from '../../../gateway/client/queries/email-send';
import type { SmsTask } from '../../../gateway/contract/actions/sms-records';
import { SMS_LIMITS } from '../../../gateway/contract/sms-constants';
import type { SendDraft } from '../../../machines/sms-send.machine';
import { taskRecordWindow } from '../../common/tasks/ChannelTaskDetailPage';
import { SessionActor } from '../../shell/actors';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { PageLoading } from '../../ui/Spinner';
import { EmailSendWizard } from './EmailSendingPage';

// /email/message/apply/{TaskId} (spec 000 §2): "send again", the send wizard prefilled from one of the
// account's tasks (docs/decisions.md "E-mail routes, send again…"): sender, template, name, tags, the
// list or segment, and the addresses of a task sent to pasted addresses or a file when there are at
// most one page of them; the schedule is cleared and a new idempotency key drawn.

/** The addresses copied from a task without a list or segment: one page of its records at most. */
const COPY_LIMIT = SMS_LIMITS.maxPageSize;

/** The wizard's draft from a task and, for an address task, its addresses (null: too many to copy). */
export function sendAgainDraft(task: SmsTask, addresses: string[] | null, timeZone: string): SendDraft {
  const audience = task.Audience;
  return {
    form: {
      taskName: task.TaskName,
      countryCode: '',
      senderId: task.SenderId,
      projectId: task.ProjectId || 'default',
      sendType: 'immediate',
      scheduledTime: '',
      timeZone: task.TimeZone || timeZone,
      tags: task.Tags,
    },
    template: null,
    source: audience ? audience.Kind : 'paste',
    pasteText: audience ? '' : (addresses ?? []).join('\n'),
    audience: audience ? { id: audience.Id, name: audience.Name, count: null } : null,
  };
}

export default function EmailSendAgainPage() {
  const { t } = useTranslation(['emailSend', 'sms']);
  const { taskId = '' } = useParams<{ taskId: string }>();
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone || 'UTC');
  const tasks = useQuery(emailTaskListQuery({ Page: 1, NumPerPage: 10, TaskId: taskId }));
  const task = tasks.data?.Tasks.find((item) => item.TaskId === taskId);
  const records = useQuery({
    ...emailRecordsQuery({ ...(task ? taskRecordWindow(task) : { BeginTime: 0, EndTime: 1 }), NumPerPage: COPY_LIMIT }),
    enabled: task !== undefined && task.Audience === null,
  });
  const title = t('emailSend:titles.sendAgain');
  const frame = (body: React.ReactNode) => (
    <PageFrame title={title} testId="email-sending">
      {body}
    </PageFrame>
  );

  if (tasks.isPending || (task && !task.Audience && records.isPending))
    return frame(<PageLoading label={t('sms:loading')} />);
  if (tasks.isError || records.isError)
    return frame(
      <ErrorState
        message={t('sms:loadFailed')}
        onRetry={() => void (tasks.isError ? tasks.refetch() : records.refetch())}
        retryLabel={t('sms:retry')}
      />,
    );
  if (!task)
    return frame(
      <EmptyState
        title={t('emailSend:again.notFound')}
        description={t('emailSend:again.notFoundBody')}
        action={
          <Link href="/email/message" className="text-sm font-medium text-brand-700 underline">
            {t('emailSend:again.backToTasks')}
          </Link>
        }
      />,
    );

  const total = records.data?.Total ?? 0;
  const addresses = task.Audience ? [] : total <= COPY_LIMIT ? (records.data?.Records ?? []).map((r) => r.Email) : null;
  return (
    <EmailSendWizard
      key={taskId}
      templateId={task.TemplateId}
      draft={sendAgainDraft(task, addresses, timeZone)}
      title={title}
      notice={
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {t('emailSend:again.from', { name: task.TaskName })}{' '}
          {addresses === null && t('emailSend:again.tooMany', { count: total, limit: COPY_LIMIT })}
        </p>
      }
    />
  );
}
