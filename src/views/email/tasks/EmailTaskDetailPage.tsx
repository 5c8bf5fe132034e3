import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailTaskListQuery } from '../../../gateway/client/queries/email-send';
import { formatMoney } from '../../../gateway/contract/money';
import { emailTaskCancelMachine } from '../../../machines/email-task-cancel.machine';
import {
  ChannelTaskDetailPage,
  taskRecordWindow,
  type TaskDetailChannel,
} from '../../common/tasks/ChannelTaskDetailPage';
import { useTaskCancel } from '../../common/tasks/useTaskCancel';
import { EmailRecordsTable } from './EmailRecordsTable';
import { EmailTraceStats } from './EmailTraceStats';
import { emailTaskStatusView, isEmailTaskLive } from './status';
import { useNotify } from '../../shell/actors';

/** /email/task/:taskId/:accountId/:sessionNo and /email/task/:taskId/:sessionNo: status (live while moving), counts and each recipient's result. */
export default function EmailTaskDetailPage() {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const cancel = useTaskCancel(emailTaskCancelMachine, useNotify());
  const channel: TaskDetailChannel = {
    testId: 'email-task-detail',
    title: t('emailSend:titles.task'),
    notFound: t('emailSend:task.notFound'),
    useTask: (taskId, moving) => useQuery(emailTaskListQuery({ Page: 1, NumPerPage: 10, TaskId: taskId }, moving)),
    statusView: emailTaskStatusView,
    isLive: isEmailTaskLive,
    failLabel: t('emailSend:task.bounced'),
    contentFields: (task) => [[t('emailSend:task.subject'), task.Content]],
    money: (amount) => formatMoney(amount, 'usd', i18n.language, { maxDigits: 3 }),
    recipientsTitle: t('emailSend:task.recipients'),
    records: (task) => <EmailRecordsTable filters={taskRecordWindow(task)} />,
    extra: (task) => <EmailTraceStats taskId={task.TaskId} />,
    again: { label: t('emailSend:tasks.sendAgain'), path: (task) => `/email/message/apply/${task.TaskId}` },
  };
  return <ChannelTaskDetailPage channel={channel} cancel={cancel} />;
}
