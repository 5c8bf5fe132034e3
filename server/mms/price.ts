import type { Country } from '../../src/gateway/contract/countries';
import { smsPrice } from '../sms/countries';

/**
 * MMS price per message (docs/decisions.md "MMS"): three times the country's SMS price per part,
 * whatever the subject, text and images (an MMS is one billing unit up to its 300 KB images).
 */
export const MMS_PRICE_FACTOR = 3;

export const mmsPrice = (country: Country): number => smsPrice(country) * MMS_PRICE_FACTOR;
