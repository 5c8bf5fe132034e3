import type { UserContext } from '../../context';
import { ApiError } from '../../errors';
import { planInForce } from '../../money/plan-gate';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { FB_LIMITS } from '../../../src/gateway/contract/fb-ads';
import type { AiLanguage, AiTone, AiUsage } from '../../../src/gateway/contract/actions/ai-text';
import { aiTextFor, AiTextError, type AiAdResult } from '../../providers/ai';
import { withAiUse } from '../../ai/quota';
import { openedFbAccount } from './objects';

// ad-generate (docs/decisions.md "Facebook campaigns, ad sets and ads"): a Facebook ad's primary text,
// headline and description from a brief, through the AI text provider's 'ad' purpose, one use of the
// plan's AIGCRequestLimit (given back when it fails; no plan in force = no uses). Herald has no image
// provider: the ad's media comes from the library.

const clip = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

export function safeAdCopy(result: AiAdResult): { PrimaryText: string; Headline: string; Description: string } {
  const copy = {
    PrimaryText: result.primaryText.trim().slice(0, FB_LIMITS.primaryTextMax),
    Headline: clip(result.headline, FB_LIMITS.headlineMax),
    Description: clip(result.description, FB_LIMITS.descriptionMax),
  };
  if (!copy.PrimaryText || !copy.Headline) throw new AiTextError('malformed', 'an ad without text or headline');
  return copy;
}

export async function generateFbAdCopy(
  ctx: UserContext,
  input: { AccountId: string; Brief: string; Language: AiLanguage; Tone: AiTone },
): Promise<{ PrimaryText: string; Headline: string; Description: string; Usage: AiUsage }> {
  await openedFbAccount(ctx.db, ctx.user.id, input.AccountId);
  const plan = await planInForce(ctx.db, ctx.user.id, ctx.clock.now());
  if (!plan) throw new ApiError(RetCode.AiQuotaUsedUp);
  const { result, usage } = await withAiUse(ctx, plan, async () =>
    safeAdCopy(
      await aiTextFor(ctx).generate({ purpose: 'ad', brief: input.Brief, language: input.Language, tone: input.Tone }),
    ),
  );
  return { ...result, Usage: usage };
}
