import { z } from 'zod';
import { defineAction, emptyData, emptyInput } from '../actions/define';
import { paymentMethodIdField } from './fields';
import { TEST_CARD_OUTCOMES } from './test-cards';

export const card = z.object({
  PaymentMethodId: z.string(),
  Brand: z.string(),
  Last4: z.string(),
  ExpMonth: z.number(),
  ExpYear: z.number(),
  HolderName: z.string(),
  IsDefault: z.boolean(),
  /** seconds */
  CreateTime: z.number(),
});
export type Card = z.infer<typeof card>;

export const billingAddress = z.object({
  Name: z.string(),
  Company: z.string(),
  Line1: z.string(),
  Line2: z.string(),
  City: z.string(),
  State: z.string(),
  PostalCode: z.string(),
  /** ISO 3166-1 alpha-2 */
  Country: z.string(),
  TaxId: z.string(),
});
export type BillingAddress = z.infer<typeof billingAddress>;

const line = (max: number, required = false) =>
  required
    ? z.string().trim().min(1, 'validation:required').max(max, 'validation:nameTooLong')
    : z.string().trim().max(max, 'validation:nameTooLong').default('');

export const billingAddressInput = z
  .object({
    Name: line(100, true),
    Company: line(100),
    Line1: line(200, true),
    Line2: line(200),
    City: line(100, true),
    State: line(100),
    PostalCode: line(20, true),
    Country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'validation:countryRequired'),
    TaxId: line(40),
  })
  .strict();

export const cardActions = {
  /**
   * Starts saving a card. The console sends the card to the provider (ProviderUrl, with ClientSecret),
   * never to /api; then calls ConfirmCardSetup.
   */
  CreateSetupIntent: defineAction(
    'user',
    emptyInput,
    z.object({
      SetupIntentId: z.string(),
      ClientSecret: z.string(),
      /** e.g. "/provider-sandbox/v1": POST {ProviderUrl}/setup_intents/{SetupIntentId}/confirm */
      ProviderUrl: z.string(),
      Sandbox: z.boolean(),
      /** the documented test cards, only in sandbox mode */
      TestCards: z.array(z.object({ Number: z.string(), Brand: z.string(), Outcome: z.enum(TEST_CARD_OUTCOMES) })),
    }),
  ),
  /** After the provider accepted the card: stores it (id, brand, last 4, expiry), freezes 10.00, upgrades. */
  ConfirmCardSetup: defineAction(
    'user',
    z
      .object({
        SetupIntentId: z
          .string()
          .trim()
          .regex(/^seti_[0-9A-Za-z]{8,40}$/, 'validation:invalid'),
        MakeDefault: z.boolean().default(false),
      })
      .strict(),
    z.object({
      Card: card,
      /** true when this card made a trial account an upgraded one */
      Upgraded: z.boolean(),
      /** units frozen for the binding check (AmountFreeze), and when the job releases them (seconds) */
      FreezeAmount: z.number(),
      FreezeReleaseTime: z.number(),
    }),
  ),
  GetCardWalletList: defineAction(
    'user',
    emptyInput,
    z.object({
      Cards: z.array(card),
      /** a postpaid balance is owed: the last card cannot be removed */
      Owed: z.boolean(),
    }),
  ),
  SetDefaultCard: defineAction('user', z.object({ PaymentMethodId: paymentMethodIdField }).strict(), emptyData),
  /** Refused with CardLastWhileOwed for the last card while a postpaid balance is owed. */
  RemoveCard: defineAction('user', z.object({ PaymentMethodId: paymentMethodIdField }).strict(), emptyData),
  GetBillingAddress: defineAction('user', emptyInput, z.object({ Address: billingAddress.nullable() })),
  UpdateBillingAddress: defineAction('user', billingAddressInput, z.object({ Address: billingAddress })),
} as const;
