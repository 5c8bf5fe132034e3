import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailTaskListQuery } from '../../../gateway/client/queries/email-send';
import { emailTaskCancelMachine } from '../../../machines/email-task-cancel.machine';
import { ChannelTasksPage } from '../../common/tasks/ChannelTasksPage';
import type { TaskChannel } from '../../common/tasks/task-channel';
import { useTaskCancel } from '../../common/tasks/useTaskCancel';
import { EMAIL_TASK_GROUPS, emailTaskStatusView, isEmailTaskLive } from './status';
import { useNotify } from '../../shell/actors';

/** /email/message: e-mail tasks with the status filter groups of spec 001 §4 and Cancel where allowed. */
export default function EmailTasksPage() {
  const { t } = useTranslation('emailSend');
  const cancel = useTaskCancel(emailTaskCancelMachine, useNotify());
  const channel: TaskChannel = {
    testId: 'email-tasks',
    title: t('titles.tasks'),
    subtitle: t('tasks.subtitle'),
    newLabel: t('tasks.new'),
    newPath: '/email/sending',
    emptyTitle: t('tasks.emptyTitle'),
    emptyBody: t('tasks.emptyBody'),
    detailPath: (task) => `/email/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`,
    again: { label: t('tasks.sendAgain'), path: (task) => `/email/message/apply/${task.TaskId}` },
    useTaskList: (input, moving) => useQuery(emailTaskListQuery(input, moving)),
    groups: EMAIL_TASK_GROUPS,
    groupLabel: (group) => t(`tasks.groups.${group}` as never),
    statusView: emailTaskStatusView,
    isLive: isEmailTaskLive,
  };
  return <ChannelTasksPage channel={channel} cancel={cancel} />;
}
