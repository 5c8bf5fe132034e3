import type { HandlerMap, UserContext } from '../../context';
import { ApiError } from '../../errors';
import { RetCode, type RetCodeValue } from '../../../src/gateway/contract/retcodes';
import { permissionsOf } from '../account/signin';
import { idempotent, requestHash } from '../../money/idempotency';
import { findPayment, paymentView, startCardPayment, syncPayment } from '../../money/card-payments';
import { BANK_DETAILS, bankReferenceOf, recordBankTransfer } from '../../money/bank-transfer';
import { transferBetweenWallets } from '../../money/wallet-transfer';
import { checkBalanceAlarm } from '../../money/balance-alarm';

function requireKey(ctx: UserContext, key: 'TopUp' | 'SupportStaff', refusal: RetCodeValue): void {
  if (!permissionsOf(ctx.user, ctx.config).includes(key)) throw new ApiError(refusal);
}

export const paymentHandlers: HandlerMap = {
  async CreateInpourPayment(input, ctx) {
    requireKey(ctx, 'TopUp', RetCode.TopUpNotPermitted);
    const row = await startCardPayment(ctx, {
      userId: ctx.user.id,
      kind: 'recharge',
      walletType: input.ProductType,
      amount: input.Amount,
      providerPmId: input.PaymentMethodId,
      idempotencyKey: input.IdempotencyKey,
      requestHash: requestHash('CreateInpourPayment', input),
    });
    return paymentView(row);
  },
  async ConfirmInpourPayment({ PaymentId }, ctx) {
    const row = await syncPayment(ctx, await findPayment(ctx, ctx.user.id, PaymentId));
    return paymentView(row);
  },
  async GetInpourPayment({ PaymentId }, ctx) {
    return paymentView(await findPayment(ctx, ctx.user.id, PaymentId));
  },
  async GetAccountVerifyCode(_input, ctx) {
    return { VerifyCode: await bankReferenceOf(ctx.db, ctx.user.id), ...BANK_DETAILS };
  },
  async TransferWalletFunds(input, ctx) {
    const reply = await idempotent(ctx, 'TransferWalletFunds', input, (tx) =>
      transferBetweenWallets(tx, {
        userId: ctx.user.id,
        from: input.From,
        to: input.To,
        amount: input.Amount,
        key: input.IdempotencyKey,
        at: ctx.clock.now(),
      }),
    );
    await checkBalanceAlarm(ctx, ctx.user.id);
    return reply;
  },
  async RecordBankTransfer(input, ctx) {
    requireKey(ctx, 'SupportStaff', RetCode.Forbidden);
    return recordBankTransfer(ctx, {
      verifyCode: input.VerifyCode,
      amount: input.Amount,
      bankReference: input.BankReference,
      walletType: input.ProductType,
    });
  },
};
