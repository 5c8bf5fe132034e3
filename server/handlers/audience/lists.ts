import type { HandlerMap } from '../../context';
import { addToList, createList, deleteList, listLists, removeFromList, renameList } from '../../audience/lists';
import {
  attributeOf,
  createAttribute,
  deleteAttribute,
  listAttributes,
  updateAttribute,
} from '../../audience/attributes';
import { notFound } from '../../errors';

export const listHandlers: HandlerMap = {
  async ListContactLists(_input, ctx) {
    return { Lists: await listLists(ctx.db, ctx.user.id) };
  },
  async GetContactList({ ListId }, ctx) {
    const [list] = await listLists(ctx.db, ctx.user.id, ListId);
    if (!list) throw notFound();
    return { List: list };
  },
  async CreateContactList({ Name }, ctx) {
    return { ListId: await createList(ctx.db, ctx.user.id, Name, ctx.clock.now()) };
  },
  async RenameContactList({ ListId, Name }, ctx) {
    await renameList(ctx.db, ctx.user.id, ListId, Name, ctx.clock.now());
    return { ListId };
  },
  async DeleteContactList({ ListId }, ctx) {
    await deleteList(ctx.db, ctx.user.id, ListId);
    return { ListId };
  },
  async AddContactsToList({ ListId, ContactIds }, ctx) {
    return addToList(ctx.db, ctx.user.id, ListId, ContactIds, ctx.clock.now());
  },
  async RemoveContactsFromList({ ListId, ContactIds }, ctx) {
    return removeFromList(ctx.db, ctx.user.id, ListId, ContactIds, ctx.clock.now());
  },
};

export const attributeHandlers: HandlerMap = {
  async ListContactAttributes(_input, ctx) {
    return { Attributes: (await listAttributes(ctx.db, ctx.user.id)).map(attributeOf) };
  },
  async CreateContactAttribute(input, ctx) {
    return { AttributeId: await createAttribute(ctx.db, ctx.user.id, input, ctx.clock.now()) };
  },
  async UpdateContactAttribute(input, ctx) {
    await updateAttribute(ctx.db, ctx.user.id, input);
    return { AttributeId: input.AttributeId };
  },
  async DeleteContactAttribute({ AttributeId }, ctx) {
    await deleteAttribute(ctx.db, ctx.user.id, AttributeId);
    return { AttributeId };
  },
};
