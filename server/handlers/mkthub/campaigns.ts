import type { HandlerMap, UserContext } from '../../context';
import { requireModule } from '../../money/plan-gate';
import {
  audienceNames,
  campaignSummaryOf,
  deleteCampaigns,
  listCampaigns,
  ownedCampaign,
  requestOf,
  saveCampaign,
  type CampaignRow,
} from '../../campaigns/store';
import { applyCampaign } from '../../campaigns/apply';
import { listTasks } from '../../sms/tasks';
import { smsChannel } from '../../channels/sms';
import { emailChannel } from '../../channels/email';
import { parseEmailContent } from '../../email/send-content';
import type { CampaignEmailRequest, CampaignSmsRequest } from '../../../src/gateway/contract/actions/campaigns';

// Campaign Actions (issue 14 item 5), behind the MarketingPlan module like the plans (spec 000 §4).

const gate = (ctx: UserContext) => requireModule(ctx.db, ctx.user.id, 'MarketingPlan', ctx.clock.now());
const saved = (row: CampaignRow) => ({ CampaignId: row.campaignId, Status: row.status, Type: row.type });

/** The applied campaign's task as its channel's task list shows it (the e-mail subject as its content). */
async function taskOf(ctx: UserContext, row: CampaignRow) {
  if (!row.taskId) return null;
  const channel = row.type === 'sms' ? smsChannel.id : emailChannel.id;
  const { Tasks } = await listTasks(
    ctx.db,
    ctx.user.id,
    channel,
    { Page: 1, NumPerPage: 1, TaskId: row.taskId },
    ctx.lang,
  );
  const task = Tasks[0];
  if (!task) return null;
  return row.type === 'email' ? { ...task, Content: parseEmailContent(task.Content).subject } : task;
}

export const campaignHandlers: HandlerMap = {
  async ListCampaign(query, ctx) {
    await gate(ctx);
    const { total, rows } = await listCampaigns(ctx.db, ctx.user.id, query);
    const names = await audienceNames(ctx.db, ctx.user.id, rows);
    return { Total: total, Campaigns: rows.map((row) => campaignSummaryOf(row, names)) };
  },
  async GetCampaign({ CampaignId }, ctx) {
    await gate(ctx);
    const row = await ownedCampaign(ctx.db, ctx.user.id, CampaignId);
    const names = await audienceNames(ctx.db, ctx.user.id, [row]);
    const request = requestOf(row);
    return {
      ...campaignSummaryOf(row, names),
      Sms: row.type === 'sms' ? (request as CampaignSmsRequest) : null,
      Email: row.type === 'email' ? (request as CampaignEmailRequest) : null,
      Task: await taskOf(ctx, row),
    };
  },
  async SaveCampaign(input, ctx) {
    await gate(ctx);
    return saved(await saveCampaign(ctx, input));
  },
  async ApplyCampaign({ CampaignId }, ctx) {
    await gate(ctx);
    return applyCampaign(ctx, CampaignId);
  },
  async DeleteCampaign({ CampaignIds }, ctx) {
    await gate(ctx);
    await deleteCampaigns(ctx.db, ctx.user.id, CampaignIds, ctx.clock.now());
    return {};
  },
};
