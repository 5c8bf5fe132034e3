import type { UserContext } from '../context';
import { queueMail } from '../mail';
import { translate, type Lang } from '../messages';
import { consume, rateLimited, remaining } from '../limits';
import { ownedPlan, type PlanRow } from './store';

// SendMKTPlanExample (docs/decisions.md "Plan examples"): the plan as a plain-text e-mail — its settings, its
// strategy step by step, and a link — for a reviewer or a colleague. Mail goes through the mail queue (SMTP or
// the sandbox outbox); each address counts against the account's daily allowance (the limits table).

const t = (lang: Lang, key: string, params?: Record<string, string | number>) =>
  translate(`mail:planExample.${key}`, lang, params);

/** The mail's text in the reader's language: settings, goal, audience, then each step in day order. */
export function planExampleText(plan: PlanRow, lang: Lang, link: string): string {
  const list = (keys: string[], group: string) => keys.map((key) => t(lang, `${group}.${key}`)).join(', ');
  const settings = [
    t(lang, 'aim', { value: t(lang, `aims.${plan.aim}`) }),
    t(lang, 'industry', { value: plan.industry }),
    t(lang, 'productCategory', { value: plan.productCategory }),
    t(lang, 'type', { value: t(lang, `types.${plan.type}`) }),
    t(lang, 'channels', { value: list(plan.channels, 'channelNames') }),
  ];
  const content = plan.content;
  const strategy = content
    ? [
        ...(content.Goal ? [t(lang, 'goal', { value: content.Goal })] : []),
        ...(content.Audience ? [t(lang, 'audience', { value: content.Audience })] : []),
        '',
        ...(content.Steps.length
          ? content.Steps.map((step) =>
              t(lang, 'step', { day: step.Day, channel: t(lang, `channelNames.${step.Channel}`), text: step.Text }),
            )
          : [t(lang, 'noSteps')]),
      ]
    : [t(lang, 'noSteps')];
  return [t(lang, 'intro', { name: plan.name }), '', ...settings, ...strategy, '', t(lang, 'link', { link })].join(
    '\n',
  );
}

export async function sendPlanExample(ctx: UserContext, planId: string, emails: string[]): Promise<number> {
  const plan = await ownedPlan(ctx.db, ctx.user.id, planId);
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))];
  // A call the day's allowance cannot hold mails nobody and uses nothing (consume alone would count it).
  const key = String(ctx.user.id);
  const left = await remaining(ctx, 'planExample', key);
  if (left.points < addresses.length) throw rateLimited(left.seconds);
  const wait = await consume(ctx, 'planExample', key, addresses.length);
  if (wait > 0) throw rateLimited(wait);
  const subject = t(ctx.lang, 'subject', { name: plan.name });
  const text = planExampleText(plan, ctx.lang, `${ctx.origin}/mkthub/detailsplan/${plan.planId}`);
  for (const to of addresses) await queueMail(ctx, { to, subject, text });
  return addresses.length;
}
