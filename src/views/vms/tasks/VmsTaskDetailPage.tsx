import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vmsTaskListQuery } from '../../../gateway/client/queries/vms';
import { formatMoney } from '../../../gateway/contract/money';
import { parseVoiceContent } from '../../../gateway/contract/vms-task';
import { voiceTaskInProgress } from '../../../machines/lifecycles/voice-task.machine';
import { vmsTaskCancelMachine } from '../../../machines/vms-task-cancel.machine';
import {
  ChannelTaskDetailPage,
  taskRecordWindow,
  type TaskDetailChannel,
} from '../../common/tasks/ChannelTaskDetailPage';
import { useTaskCancel } from '../../common/tasks/useTaskCancel';
import { useNotify } from '../../shell/actors';
import { voiceTaskStatusView } from '../status';
import { VmsRecordsTable } from './VmsRecordsTable';

/** /vms/task/:taskId/:accountId/:sessionNo: status (live while moving), counts, the voice file, call period, calls. */
export default function VmsTaskDetailPage() {
  const { t, i18n } = useTranslation(['vms', 'sms']);
  const cancel = useTaskCancel(vmsTaskCancelMachine, useNotify());
  const channel: TaskDetailChannel = {
    testId: 'vms-task-detail',
    title: t('vms:titles.task'),
    notFound: t('vms:task.notFound'),
    useTask: (taskId, moving) => useQuery(vmsTaskListQuery({ Page: 1, NumPerPage: 10, TaskId: taskId }, moving)),
    statusView: voiceTaskStatusView,
    isLive: voiceTaskInProgress,
    failLabel: t('vms:task.notAnswered'),
    contentFields: (task) => {
      const content = parseVoiceContent(task.Content);
      return [
        [t('vms:task.audio'), content.AudioName],
        [t('vms:task.callPeriod'), t(`vms:send.callPeriods.${content.CallPeriod}`)],
        [t('vms:task.callOut'), task.SenderId || '—'],
        [t('vms:task.calledNumbers'), String(task.TotalCount)],
      ];
    },
    money: (amount) => formatMoney(amount, 'usd', i18n.language),
    recipientsTitle: t('vms:task.calls'),
    records: (task) => <VmsRecordsTable filters={taskRecordWindow(task)} />,
  };
  return <ChannelTaskDetailPage channel={channel} cancel={cancel} />;
}
