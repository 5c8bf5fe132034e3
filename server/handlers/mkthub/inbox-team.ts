import type { HandlerMap } from '../../context';
import { addTeammate, assignMessages, listTeammates, removeTeammate } from '../../inbox/team';

// Inbox assignment Actions (docs/decisions.md "Inbox assignment"): the roster and assigning messages.

export const inboxTeamHandlers: HandlerMap = {
  async ListInboxTeammate(_input, ctx) {
    return { Teammates: await listTeammates(ctx.db, ctx.user.id) };
  },
  async CreateInboxTeammate(input, ctx) {
    return addTeammate(ctx.db, ctx.user.id, input, ctx.clock.now());
  },
  async DeleteInboxTeammate({ TeammateId }, ctx) {
    await removeTeammate(ctx.db, ctx.user.id, TeammateId);
    return {};
  },
  async AssignInboxMessage({ MessageIds, TeammateId }, ctx) {
    return { Changed: await assignMessages(ctx, MessageIds, TeammateId) };
  },
};
