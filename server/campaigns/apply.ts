import { and, eq } from 'drizzle-orm';
import type { UserContext } from '../context';
import { campaigns } from '../db/schema';
import { CAMPAIGN_STATUS } from '../../src/gateway/contract/statuses';
import { acceptSendTask, type SendTaskInput } from '../sms/accept-task';
import { smsPhoneChannel } from '../sms/phone-channel';
import { acceptEmailSendTask } from '../email/send-task';
import { nextCampaignStatus, ownedCampaign, requestOf } from './store';

// Applying a campaign (docs/decisions.md "Campaigns"): its stored request goes through its channel's own
// send Action (every check: template, recipients, balance, limits, schedule) with an idempotency key named
// after the campaign, so an apply retried after a lost answer, or run twice from two tabs, makes one task
// and answers it both times. The campaign is Applied with the task's id once the task exists.

export const applyKeyOf = (campaignId: string) => `campaign-${campaignId}`;

export async function applyCampaign(ctx: UserContext, campaignId: string) {
  const row = await ownedCampaign(ctx.db, ctx.user.id, campaignId);
  if (row.status !== CAMPAIGN_STATUS.Applied) nextCampaignStatus(row.status, 'campaign.apply');
  const request = { ...requestOf(row), IdempotencyKey: applyKeyOf(row.campaignId) };
  const task =
    row.type === 'sms'
      ? await acceptSendTask(ctx, request as SendTaskInput, smsPhoneChannel)
      : await acceptEmailSendTask(ctx, request as Parameters<typeof acceptEmailSendTask>[1]);
  const [applied] = await ctx.db
    .update(campaigns)
    .set({ status: CAMPAIGN_STATUS.Applied, taskId: task.TaskId, updatedAt: ctx.clock.now() })
    .where(and(eq(campaigns.id, row.id), eq(campaigns.status, CAMPAIGN_STATUS.Saved)))
    .returning();
  return {
    CampaignId: row.campaignId,
    Type: row.type,
    Status: applied?.status ?? CAMPAIGN_STATUS.Applied,
    TaskId: task.TaskId,
    AccountId: task.AccountId,
    SessionNo: task.SessionNo,
    EstimatedCost: task.EstimatedCost,
  };
}
