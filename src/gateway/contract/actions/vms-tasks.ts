import { z } from 'zod';
import { defineAction } from './define';
import { pageFields, smsTaskIdField, timeRange } from './sms-common';
import { sendTaskInput, sendTaskReplyData } from './sms-send';
import { recordExportActions, recordFilters, smsRecordData, smsTaskData } from './sms-records';
import { SMS_LIMITS } from '../sms-constants';
import { VOICE_TASK_STATUS } from '../statuses';
import { callPeriodField } from '../vms-task';
import { voiceTemplateIdField } from './vms-templates';

// Voice tasks and their call records (/vms/sending, /vms/task, /vms/message). The spec names no voice
// Actions: Herald names them as the SMS and MMS ones (docs/decisions.md "Voice tasks"). Voice runs on the
// channel kernel, so tasks and records have the SMS shapes; Status is VOICE_TASK_STATUS (1-12), Content
// the task's voice content as JSON (contract/vms-task.ts), SenderId the call-out number.

const voiceTaskStatusField = z.union(
  Object.values(VOICE_TASK_STATUS).map((v) => z.literal(v)) as [
    z.ZodLiteral<number>,
    z.ZodLiteral<number>,
    ...z.ZodLiteral<number>[],
  ],
);

const vmsExportActions = recordExportActions({ ...recordFilters, TemplateId: voiceTemplateIdField.optional() });

export const vmsTaskActions = {
  /**
   * Calls the numbers with an approved, enabled voice template (status 7): a kernel task on the voice
   * channel, one call per number, paid per call from the 6003 voice wallet. CallPeriod: all day, or
   * 08:00-20:00 in TimeZone (calls due outside wait for the window). The rest as AddUSMSSendTask.
   */
  AddUVMSSendTask: defineAction(
    'user',
    sendTaskInput(voiceTemplateIdField).safeExtend({ CallPeriod: callPeriodField.default('allDay') }),
    sendTaskReplyData,
    { bodyLimit: SMS_LIMITS.sendTaskBodyBytes },
  ),
  /** The voice task list (/vms/task) or one task (TaskId), newest first. */
  GetUVMSSendTask: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        TaskId: smsTaskIdField.optional(),
        Keyword: z.string().trim().max(64).optional(),
        Status: z.array(voiceTaskStatusField).max(12).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Tasks: z.array(smsTaskData) }),
  ),
  /** Cancels a task pending review or waiting to be submitted (the lifecycle decides; else IllegalTransition). */
  CancelUVMSSendTask: defineAction(
    'user',
    z.object({ TaskId: smsTaskIdField }).strict(),
    z.object({ TaskId: z.string(), Status: z.number() }),
  ),
  /** Call records (/vms/search, and a task's on /vms/task): one per called number, with CallSeconds once reported. */
  GetUVMSSendRecord: defineAction(
    'user',
    timeRange({ ...pageFields, ...recordFilters, TemplateId: voiceTemplateIdField.optional() }),
    z.object({ Total: z.number(), Records: z.array(smsRecordData) }),
  ),
  /** Exports of call records (docs/decisions.md "Exports by channel"): outcome and call seconds in the CSV. */
  AddUVMSExportSendRecordTask: vmsExportActions.start,
  GetUVMSExportSendRecord: vmsExportActions.list,
  GetUVMSExportSendRecordFile: vmsExportActions.file,
} as const;
