import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vmsTaskListQuery } from '../../../gateway/client/queries/vms';
import { voiceTaskInProgress } from '../../../machines/lifecycles/voice-task.machine';
import { vmsTaskCancelMachine } from '../../../machines/vms-task-cancel.machine';
import { ChannelTasksPage } from '../../common/tasks/ChannelTasksPage';
import type { TaskChannel } from '../../common/tasks/task-channel';
import { useTaskCancel } from '../../common/tasks/useTaskCancel';
import { useNotify } from '../../shell/actors';
import { VOICE_TASK_GROUPS, voiceTaskStatusView } from '../status';

/** /vms/message: voice tasks with a status filter in groups, live counts and Cancel where allowed. */
export default function VmsTasksPage() {
  const { t } = useTranslation('vms');
  const cancel = useTaskCancel(vmsTaskCancelMachine, useNotify());
  const channel: TaskChannel = {
    testId: 'vms-tasks',
    title: t('titles.tasks'),
    subtitle: t('tasks.subtitle'),
    newLabel: t('tasks.new'),
    newPath: '/vms/sending',
    emptyTitle: t('tasks.emptyTitle'),
    emptyBody: t('tasks.emptyBody'),
    detailPath: (task) => `/vms/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`,
    useTaskList: (input, moving) => useQuery(vmsTaskListQuery(input, moving)),
    groups: VOICE_TASK_GROUPS,
    groupLabel: (group) => t(`tasks.groups.${group}` as never),
    statusView: voiceTaskStatusView,
    isLive: voiceTaskInProgress,
  };
  return <ChannelTasksPage channel={channel} cancel={cancel} />;
}
