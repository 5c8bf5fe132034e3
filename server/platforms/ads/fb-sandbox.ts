import {
  FbMarketingRefused,
  type FbAdDayInsights,
  type FbAdReview,
  type FbMarketingApi,
  type GraphEdge,
} from './fb-marketing';

// The sandbox Facebook Marketing API (docs/decisions.md "Facebook campaigns, ad sets and ads"). Rules:
// - ids: the level's prefix (120 campaign, 121 ad set, 122 ad) and Herald's row id padded to 12 digits;
// - a name containing "platform-refuse" is refused on create (FbMarketingRefused), nothing is kept;
// - review: an ad whose primary text (link_data.message) contains "disapprove" is DISAPPROVED with a
//   reason; one containing "billing" waits for billing info (PENDING_BILLING_INFO); any other is ACTIVE.
//   Herald asks for the review HERALD_FB_AD_REVIEW_DELAY_MS after a create or an edit (30 s by default);
// - insights: a pure function of the ad id and the day (fbSandboxDayInsights below): FNV-1a of
//   "{adId}:{day}" seeds impressions 1,000-9,999, a click rate of 0.5 %-3 %, a conversion rate of 0-10 %
//   of clicks, and a CPM of 3.00-9.99; spend = impressions × CPM / 1000, at most the day's cap.

export const FB_SANDBOX_WORDS = { disapprove: 'disapprove', billing: 'billing', refuse: 'platform-refuse' } as const;
const PREFIX: Record<GraphEdge, string> = { campaigns: '120', adsets: '121', ads: '122' };

export const fbSandboxObjectId = (edge: GraphEdge, sequence: number) =>
  `${PREFIX[edge]}${String(sequence).padStart(12, '0')}`;

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function fbSandboxDayInsights(adId: string, day: string, dailyCapCents: number): FbAdDayInsights {
  const seed = fnv1a(`${adId}:${day}`);
  const impressions = 1000 + (seed % 9000);
  const clicks = Math.floor((impressions * (5 + ((seed >>> 8) % 26))) / 1000);
  const conversions = Math.floor((clicks * ((seed >>> 16) % 11)) / 100);
  const cpmCents = 300 + ((seed >>> 4) % 700);
  const spend = Math.round((impressions * cpmCents) / 1000);
  return { spend: dailyCapCents > 0 ? Math.min(spend, dailyCapCents) : spend, impressions, clicks, conversions };
}

export function fbSandboxReview(primaryText: string): FbAdReview {
  const text = primaryText.toLowerCase();
  if (text.includes(FB_SANDBOX_WORDS.disapprove))
    return {
      status: 'DISAPPROVED',
      reason: 'The ad\'s text does not follow Meta\'s Advertising Standards (sandbox rule: it contains "disapprove").',
    };
  if (text.includes(FB_SANDBOX_WORDS.billing)) return { status: 'PENDING_BILLING_INFO' };
  return { status: 'ACTIVE' };
}

export function sandboxFbMarketing(): FbMarketingApi {
  return {
    async create(_accountId, edge, object, sequence) {
      if (object.name.toLowerCase().includes(FB_SANDBOX_WORDS.refuse))
        throw new FbMarketingRefused('Meta refused the object (sandbox rule: its name contains "platform-refuse").');
      return { id: fbSandboxObjectId(edge, sequence) };
    },
    async update() {
      return { success: true };
    },
    async setStatus() {
      return { success: true };
    },
    async remove() {
      return { success: true };
    },
    async reviewAd(_adId, ad) {
      return fbSandboxReview(ad.creative.object_story_spec.link_data.message);
    },
    async dayInsights(adId, day, dailyCapCents) {
      return fbSandboxDayInsights(adId, day, dailyCapCents);
    },
  };
}

/** Herald asks for an ad's review this long after it was created or edited. */
export function fbAdReviewDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.HERALD_FB_AD_REVIEW_DELAY_MS);
  return env.HERALD_FB_AD_REVIEW_DELAY_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : 30_000;
}
