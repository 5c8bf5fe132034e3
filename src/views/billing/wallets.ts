import { SUB_WALLET_TYPES } from '../../gateway/contract/actions/constants';

/** 0 is the main wallet; the others are the sub-wallets of spec 000 §3, in the order the pages list them. */
export const WALLETS = [0, SUB_WALLET_TYPES.Sms, SUB_WALLET_TYPES.Voice, SUB_WALLET_TYPES.Email, SUB_WALLET_TYPES.Ads];

const NAME_KEYS = {
  0: 'walletNames.0',
  9: 'walletNames.9',
  6003: 'walletNames.6003',
  6011: 'walletNames.6011',
  6026: 'walletNames.6026',
} as const;

/** The wallet's name key (billing namespace); an unknown product type reads as the main wallet's. */
export const walletNameKey = (wallet: number) => NAME_KEYS[wallet as keyof typeof NAME_KEYS] ?? NAME_KEYS[0];
