/** Spec 000 §3: the WhatsApp product id (ledger productId of WhatsApp's debits). */
export const WHATSAPP_PRODUCT_ID = 6009;
