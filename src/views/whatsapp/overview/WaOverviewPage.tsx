import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { waTaskListQuery } from '../../../gateway/client/queries/wa-send';
import { waTaskCancelMachine } from '../../../machines/wa-task-cancel.machine';
import { isPhoneTaskLive } from '../../common/tasks/phone-task-status';
import { ChannelTasksPage } from '../../common/tasks/ChannelTasksPage';
import type { TaskChannel } from '../../common/tasks/task-channel';
import { useTaskCancel } from '../../common/tasks/useTaskCancel';
import { useNotify } from '../../shell/actors';
import { WA_TASK_GROUPS, waTaskStatusView } from '../task-status';

/** /whatsapp/overview: WhatsApp template sends with their status, live counts and Cancel where allowed. */
export default function WaOverviewPage() {
  const { t } = useTranslation('whatsapp');
  const cancel = useTaskCancel(waTaskCancelMachine, useNotify());
  const channel: TaskChannel = {
    testId: 'wa-tasks',
    title: t('titles.overview'),
    subtitle: t('tasks.subtitle'),
    newLabel: t('tasks.new'),
    newPath: '/whatsapp/sending',
    emptyTitle: t('tasks.emptyTitle'),
    emptyBody: t('tasks.emptyBody'),
    // a task's messages are its records
    detailPath: (task) => `/whatsapp/search?taskId=${task.TaskId}`,
    useTaskList: (input, moving) =>
      useQuery(
        waTaskListQuery(
          { Page: input.Page, NumPerPage: input.NumPerPage, Keyword: input.Keyword, Status: input.Status },
          moving,
        ),
      ),
    groups: WA_TASK_GROUPS,
    groupLabel: (group) => t(`tasks.groups.${group}` as never),
    statusView: waTaskStatusView,
    isLive: isPhoneTaskLive,
  };
  return <ChannelTasksPage channel={channel} cancel={cancel} />;
}
