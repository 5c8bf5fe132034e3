import type { HandlerMap } from '../../context';
import {
  activeCards,
  cardView,
  confirmCardSetup,
  getBillingAddress,
  owesPostpaid,
  removeCard,
  saveBillingAddress,
  setDefaultCard,
  startCardSetup,
} from '../../money/cards';

export const cardHandlers: HandlerMap = {
  CreateSetupIntent: (_input, ctx) => startCardSetup(ctx, ctx.user.id),
  ConfirmCardSetup: ({ SetupIntentId, MakeDefault }, ctx) =>
    confirmCardSetup(ctx, ctx.user.id, SetupIntentId, MakeDefault),
  async GetCardWalletList(_input, ctx) {
    const cards = await activeCards(ctx.db, ctx.user.id);
    return { Cards: cards.map(cardView), Owed: await owesPostpaid(ctx.db, ctx.user.id) };
  },
  async SetDefaultCard({ PaymentMethodId }, ctx) {
    await setDefaultCard(ctx, ctx.user.id, PaymentMethodId);
    return {};
  },
  async RemoveCard({ PaymentMethodId }, ctx) {
    await removeCard(ctx, ctx.user.id, PaymentMethodId);
    return {};
  },
  GetBillingAddress: async (_input, ctx) => ({ Address: await getBillingAddress(ctx.db, ctx.user.id) }),
  UpdateBillingAddress: async (input, ctx) => ({ Address: await saveBillingAddress(ctx, ctx.user.id, input) }),
};
