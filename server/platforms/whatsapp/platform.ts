import type { WaNumberStatus, WaQuality, WaTier } from '../../../src/gateway/contract/whatsapp';

// The WhatsApp side of the messaging-platform adapter (issue 15 item 1). Its shape differs from
// MessagingPlatform (a business connects by embedded sign-up, not by pasting a credential, and owns phone
// numbers rather than chats), so it stands beside it. Sending and templates join it with issue 15 item 3-4.
// Refusals are the shared PlatformError.

/** The WhatsApp Business Account a sign-up granted, with the business token that reaches it. */
export interface WhatsAppBusiness {
  wabaId: string;
  name: string;
  token: string;
}

export interface WhatsAppPhoneNumber {
  phoneNumberId: string;
  displayPhone: string;
  verifiedName: string;
  status: WaNumberStatus;
  quality: WaQuality;
  tier: WaTier;
}

export interface WhatsAppPlatform {
  readonly kind: 'whatsapp';
  /** The embedded sign-up's one-time code → the business account it granted. */
  exchangeCode(code: string, redirectUri: string): Promise<WhatsAppBusiness>;
  /** The account's phone numbers as the platform answers them now. */
  phoneNumbers(business: Pick<WhatsAppBusiness, 'wabaId' | 'token'>): Promise<WhatsAppPhoneNumber[]>;
  /** Subscribes Herald's app to the account's webhooks. */
  subscribe(business: Pick<WhatsAppBusiness, 'wabaId' | 'token'>): Promise<void>;
  /**
   * A free-form text from one of the account's numbers (allowed inside the customer's 24-hour window),
   * optionally as a reply to the customer's message; answers the platform's message id (wamid).
   */
  sendText(
    from: { phoneNumberId: string; token: string },
    message: { to: string; text: string; replyTo?: string },
  ): Promise<string>;
  /**
   * An approved template from one of the account's numbers (the Cloud API's type "template"), its body's
   * {{n}} filled with `params` in order; answers the platform's message id (wamid).
   */
  sendTemplate(
    from: { phoneNumberId: string; token: string },
    message: { to: string; name: string; language: string; params: string[] },
  ): Promise<string>;
}
