import type { HandlerMap } from '../../context';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { ApiError } from '../../errors';
import { permissionsOf } from '../account/signin';
import { decideManualReview } from '../../channels/review';

export const staffTaskHandlers: HandlerMap = {
  async SupportReviewTask({ TaskId, Decision, Reason }, ctx) {
    if (!permissionsOf(ctx.user, ctx.config).includes('SupportStaff')) throw new ApiError(RetCode.Forbidden);
    const task = await decideManualReview(ctx, TaskId, {
      pass: Decision === 'approve',
      reason: Reason || 'staffRejected',
      staffUserId: ctx.user.id,
    });
    return { TaskId: task.taskId, Status: task.status, Reason: task.reason };
  },
};
