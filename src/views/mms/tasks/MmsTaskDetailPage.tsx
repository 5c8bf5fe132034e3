import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mmsTaskListQuery } from '../../../gateway/client/queries/mms';
import { formatMoney } from '../../../gateway/contract/money';
import { mmsTaskCancelMachine } from '../../../machines/mms-task-cancel.machine';
import { taskStatusView } from '../../common/channel-status';
import {
  ChannelTaskDetailPage,
  taskRecordWindow,
  type TaskDetailChannel,
} from '../../common/tasks/ChannelTaskDetailPage';
import { isPhoneTaskLive } from '../../common/tasks/phone-task-status';
import { useTaskCancel } from '../../common/tasks/useTaskCancel';
import { mmsContentOf } from '../content';
import { MmsRecordsTable } from '../records/MmsRecordsTable';
import { useNotify } from '../../shell/actors';

/** /mms/task/:taskId/:accountId/:sessionNo: status (live while not final), counts, content and its records. */
export default function MmsTaskDetailPage() {
  const { t, i18n } = useTranslation(['mms', 'sms']);
  const cancel = useTaskCancel(mmsTaskCancelMachine, useNotify());
  const channel: TaskDetailChannel = {
    testId: 'mms-task-detail',
    title: t('mms:titles.task'),
    notFound: t('mms:task.notFound'),
    useTask: (taskId, moving) => useQuery(mmsTaskListQuery({ Page: 1, NumPerPage: 10, TaskId: taskId }, moving)),
    statusView: taskStatusView,
    isLive: isPhoneTaskLive,
    failLabel: t('sms:task.counts.fail'),
    contentFields: (task) => {
      const content = mmsContentOf(task.Content);
      return [
        [t('mms:editor.subject'), content.Subject],
        [t('mms:editor.text'), content.Text || '—'],
        [t('mms:task.images'), String(content.Images.length)],
        [t('sms:task.fields.country'), task.CountryCode],
      ];
    },
    money: (amount) => formatMoney(amount, 'usd', i18n.language),
    recipientsTitle: t('mms:task.recipients'),
    records: (task) => <MmsRecordsTable showTask={false} filters={taskRecordWindow(task)} />,
  };
  return <ChannelTaskDetailPage channel={channel} cancel={cancel} />;
}
