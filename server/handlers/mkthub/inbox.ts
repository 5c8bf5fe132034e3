import type { HandlerMap, UserContext } from '../../context';
import { socialPlatforms, telegramPlatform } from '../../platforms';
import { whatsappPlatform } from '../../platforms/whatsapp/app-credentials';
import { changeMessages, listMessages, ownedMessage, repliesOf, replyData, unreadCount } from '../../inbox/store';
import { replyToMessage } from '../../inbox/reply';
import { messagesWithAssignees } from '../../inbox/team';
import { sendTemplateReply } from '../../inbox/template-reply';
import { addWhatsAppTask } from '../whatsapp-send';

// Smart inbox Actions (issue 15 item 7). Not behind a module: WhatsApp and Telegram, whose messages it
// shows, are in every plan (docs/decisions.md "Smart inbox"); social messages come only from profiles
// connected under the SocialMedia module (docs/decisions.md "Social messages in the inbox").

const replyWork = (ctx: UserContext) => ({
  db: ctx.db,
  now: ctx.clock.now(),
  telegram: telegramPlatform(ctx.config),
  whatsapp: () => whatsappPlatform(ctx.db, ctx.config),
  social: socialPlatforms(ctx.config),
});

export const inboxHandlers: HandlerMap = {
  async ListInboxMessage(query, ctx) {
    const { total, rows } = await listMessages(ctx.db, ctx.user.id, ctx.clock.now(), query);
    return { Total: total, Messages: await messagesWithAssignees(ctx.db, rows) };
  },
  async GetInboxMessage({ MessageId }, ctx) {
    const row = await ownedMessage(ctx.db, ctx.user.id, MessageId);
    const [message] = await messagesWithAssignees(ctx.db, [row]);
    return { Message: message, Replies: (await repliesOf(ctx.db, row)).map(replyData) };
  },
  async GetInboxUnreadCount(_input, ctx) {
    return { Unread: await unreadCount(ctx.db, ctx.user.id, ctx.clock.now()) };
  },
  async UpdateInboxMessage({ MessageIds, Change }, ctx) {
    return { Changed: await changeMessages(ctx.db, ctx.user.id, MessageIds, Change, ctx.clock.now()) };
  },
  async ReplyInboxMessage(input, ctx) {
    return replyData(await replyToMessage(replyWork(ctx), ctx.user.id, input));
  },
  async SendInboxTemplateReply(input, ctx) {
    const { reply, taskId } = await sendTemplateReply(ctx.db, ctx.clock.now(), ctx.user.id, input, (task) =>
      addWhatsAppTask(ctx, task),
    );
    return { ...replyData(reply), TaskId: taskId };
  },
};
