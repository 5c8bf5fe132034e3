import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { smsTasksQuery } from '../../../gateway/client/queries/sms';
import { useLabel } from '../../../i18n/useLabel';
import { smsTaskCancelMachine } from '../../../machines/sms-task-cancel.machine';
import { isPhoneTaskLive } from '../../common/tasks/phone-task-status';
import { ChannelTasksPage } from '../../common/tasks/ChannelTasksPage';
import type { TaskChannel } from '../../common/tasks/task-channel';
import { useTaskCancel } from '../../common/tasks/useTaskCancel';
import { taskStatusView, TASK_STATUS_VALUES } from '../status';
import { useSmsTaskFilters } from './useSmsTaskFilters';
import { useNotify } from '../../shell/actors';

// The SMS status filter offers each status on its own.
const STATUS_GROUPS = Object.fromEntries(TASK_STATUS_VALUES.map((status) => [String(status), [status]]));

/** /sms/message: the task list with filters (tag and time too), statuses and lifecycle row actions. */
export default function TasksPage() {
  const { t } = useTranslation('sms');
  const label = useLabel();
  const cancel = useTaskCancel(smsTaskCancelMachine, useNotify());
  const channel: TaskChannel = {
    testId: 'sms-tasks',
    title: t('titles.tasks'),
    subtitle: t('tasks.subtitle'),
    newLabel: t('tasks.new'),
    newPath: '/sms/sending',
    emptyTitle: t('tasks.emptyTitle'),
    emptyBody: t('tasks.emptyBody'),
    detailPath: (task) => `/sms/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`,
    useTaskList: (input, moving) => useQuery(smsTasksQuery(input, moving)),
    useExtraFilters: useSmsTaskFilters,
    groups: STATUS_GROUPS,
    groupLabel: (group) => label(taskStatusView(Number(group)).label),
    statusView: taskStatusView,
    isLive: isPhoneTaskLive,
  };
  return <ChannelTasksPage channel={channel} cancel={cancel} />;
}
