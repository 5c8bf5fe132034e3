import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mmsTaskListQuery } from '../../../gateway/client/queries/mms';
import { mmsTaskCancelMachine } from '../../../machines/mms-task-cancel.machine';
import { taskStatusView } from '../../common/channel-status';
import { isPhoneTaskLive, PHONE_TASK_GROUPS } from '../../common/tasks/phone-task-status';
import { ChannelTasksPage } from '../../common/tasks/ChannelTasksPage';
import type { TaskChannel } from '../../common/tasks/task-channel';
import { useTaskCancel } from '../../common/tasks/useTaskCancel';
import { useNotify } from '../../shell/actors';

/** /mms/message: MMS tasks with a status filter in groups, live counts and Cancel where allowed. */
export default function MmsTasksPage() {
  const { t } = useTranslation('mms');
  const cancel = useTaskCancel(mmsTaskCancelMachine, useNotify());
  const channel: TaskChannel = {
    testId: 'mms-tasks',
    title: t('titles.tasks'),
    subtitle: t('tasks.subtitle'),
    newLabel: t('tasks.new'),
    newPath: '/mms/sending',
    emptyTitle: t('tasks.emptyTitle'),
    emptyBody: t('tasks.emptyBody'),
    detailPath: (task) => `/mms/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`,
    useTaskList: (input, moving) => useQuery(mmsTaskListQuery(input, moving)),
    groups: PHONE_TASK_GROUPS,
    groupLabel: (group) => t(`tasks.groups.${group}` as never),
    statusView: taskStatusView,
    isLive: isPhoneTaskLive,
  };
  return <ChannelTasksPage channel={channel} cancel={cancel} />;
}
