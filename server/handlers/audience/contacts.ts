import type { HandlerMap } from '../../context';
import {
  accountTags,
  createContact,
  deleteContacts,
  ownContact,
  queryContacts,
  tagContacts,
  updateContact,
} from '../../audience/contacts';
import { contactOf } from '../../audience/contact-rows';
import { listsOfContact } from '../../audience/lists';
import { compileSegment, ownSegment } from '../../audience/segments';
import { messagesTo } from '../../audience/channel-conditions';

export const contactHandlers: HandlerMap = {
  async ListContacts(input, ctx) {
    const segment = input.SegmentId
      ? await compileSegment(
          ctx.db,
          ctx.user.id,
          (await ownSegment(ctx.db, ctx.user.id, input.SegmentId)).rules,
          ctx.clock.now(),
        )
      : undefined;
    return queryContacts(ctx.db, ctx.user.id, { ...input, segment });
  },

  async GetContact({ ContactId }, ctx) {
    const row = await ownContact(ctx.db, ctx.user.id, ContactId);
    return {
      Contact: contactOf(row),
      Lists: await listsOfContact(ctx.db, row.id),
      Messages: await messagesTo(ctx.db, ctx.user.id, { phone: row.phone, email: row.email }),
    };
  },

  async CreateContact(input, ctx) {
    return { ContactId: await createContact(ctx.db, ctx.user.id, input, ctx.clock.now()) };
  },

  async UpdateContact({ ContactId, ...input }, ctx) {
    await updateContact(ctx.db, ctx.user.id, ContactId, input, ctx.clock.now());
    return { ContactId };
  },

  async DeleteContacts({ ContactIds }, ctx) {
    return { Deleted: await deleteContacts(ctx.db, ctx.user.id, ContactIds) };
  },

  async TagContacts({ ContactIds, Tags }, ctx) {
    return { Updated: await tagContacts(ctx.db, ctx.user.id, ContactIds, Tags, false, ctx.clock.now()) };
  },

  async UntagContacts({ ContactIds, Tags }, ctx) {
    return { Updated: await tagContacts(ctx.db, ctx.user.id, ContactIds, Tags, true, ctx.clock.now()) };
  },

  async GetCDPTags(_input, ctx) {
    return { Tags: await accountTags(ctx.db, ctx.user.id) };
  },
};
