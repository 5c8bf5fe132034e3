import {
  AiTextError,
  type AiAdResult,
  type AiEmailResult,
  type AiPlanResult,
  type AiResults,
  type AiSmsResult,
  type AiTextProvider,
  type AiTextRequest,
} from './types';
import type { AiLanguage, AiTone } from '../../../src/gateway/contract/actions/ai-text';
import { countSmsSegments } from '../../../src/gateway/contract/sms-segments';

// The offline sandbox generator (the default). Its rules are documented in docs/decisions.md
// ("AI text") so every outcome can be produced on purpose:
// - a brief containing `[fail]` fails (AiGenerationFailed);
// - a brief containing `[slow]` answers after `slowMs` (30 s by default, the spec's "about 30 seconds");
// - any other brief answers after `delayMs` with a draft built from the brief's own words: the subject
//   is the tone's opening and the brief's first sentence (at most 8 words), the preview text the brief's
//   first 100 characters, and the body a greeting, one list item per sentence of the brief, and the
//   tone's closing line, in the language asked for. The same request always gives the same draft;
// - a plan (purpose 'plan') is a goal and an audience from the aim, industry and product category, and
//   3 to 5 steps (one per sentence of the brief, at least 3) on days 0, 2, 5, 9, 14, taking the plan's
//   channels in turn, each the tone's greeting and one sentence (the last adds the closing line);
// - an SMS (purpose 'sms') is the tone's opening, the brief's sentences, the aim's call to action and an
//   opt-out ("Reply STOP to opt out." / "回复TD退订", so the sandbox reviewer passes it), in the language
//   asked for; the brief's sentences are cut, word by word (a character at a time in Chinese), until the
//   text fits SANDBOX_SMS_SEGMENTS SMS parts. A brief naming a word carriers block (server/sms/review-rules)
//   keeps it, so its template is rejected on purpose.
// - a Facebook ad (purpose 'ad') is the tone's opening and the brief's sentences as the primary text, the
//   brief's first sentence (at most 8 words, 20 characters in Chinese) as the headline, and the tone's
//   closing line as the description. A brief containing "disapprove" keeps it, so the ad is disapproved.

export const SANDBOX_AI_MARKERS = { fail: '[fail]', slow: '[slow]' } as const;

export interface SandboxAiOptions {
  delayMs?: number;
  slowMs?: number;
}

const PHRASES: Record<AiLanguage, Record<AiTone, { open: string; greet: string; close: string }>> = {
  en: {
    friendly: { open: 'Good news:', greet: 'Hi there,', close: 'We would love to hear from you.' },
    professional: { open: 'Update:', greet: 'Dear customer,', close: 'Kind regards, the team.' },
    persuasive: { open: "Don't miss it:", greet: 'Hello,', close: 'Act now: the offer ends soon.' },
    playful: { open: 'Psst!', greet: 'Hey you!', close: 'See you soon, and have fun!' },
  },
  zh: {
    friendly: { open: '好消息：', greet: '您好！', close: '期待您的回复。' },
    professional: { open: '通知：', greet: '尊敬的客户：', close: '此致敬礼。' },
    persuasive: { open: '不容错过：', greet: '您好：', close: '立即行动，优惠即将结束。' },
    playful: { open: '嘿！', greet: '嗨！', close: '回头见，玩得开心！' },
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The brief without the markers, its sentences split on . ! ? ; and their Chinese forms, and new lines. */
function sentencesOf(brief: string): string[] {
  const clean = Object.values(SANDBOX_AI_MARKERS).reduce((text, marker) => text.split(marker).join(' '), brief);
  return clean
    .split(/[.!?;。！？；\n]+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0);
}

function firstWords(sentence: string, language: AiLanguage): string {
  if (language === 'zh' && !/\s/.test(sentence)) return sentence.slice(0, 20);
  return sentence.split(' ').slice(0, 8).join(' ');
}

export function sandboxDraft(request: Pick<AiTextRequest, 'brief' | 'language' | 'tone'>): AiEmailResult {
  const phrases = PHRASES[request.language][request.tone];
  const sentences = sentencesOf(request.brief);
  const lead = sentences[0] ?? request.brief.trim();
  const items = sentences.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  const html =
    `<table width="600" role="presentation"><tr><td style="font-family:Arial,sans-serif;color:#1f2937">` +
    `<p>${escapeHtml(phrases.greet)}</p><ul>${items}</ul><p>${escapeHtml(phrases.close)}</p>` +
    `</td></tr></table>`;
  const space = request.language === 'zh' ? '' : ' ';
  return {
    subject: `${phrases.open}${space}${firstWords(lead, request.language)}`,
    previewText: sentences.join(request.language === 'zh' ? '，' : ', ').slice(0, 100),
    html,
  };
}

/** The sandbox's SMS texts fit this many parts (ContentGeneration allows AI_SMS_LIMITS.segmentsMax). */
export const SANDBOX_SMS_SEGMENTS = 2;

const SMS_WORDS: Record<AiLanguage, { acquisition: string; activation: string; optOut: string }> = {
  en: {
    acquisition: 'Be among the first to try it.',
    activation: 'We miss you: come back and see what is new.',
    optOut: 'Reply STOP to opt out.',
  },
  zh: { acquisition: '抢先体验吧！', activation: '好久不见，回来看看吧！', optOut: '回复TD退订' },
};

export function sandboxSms(request: Pick<AiTextRequest, 'brief' | 'language' | 'tone' | 'aim'>): AiSmsResult {
  const zh = request.language === 'zh';
  const phrases = PHRASES[request.language][request.tone];
  const words = SMS_WORDS[request.language];
  const sentences = sentencesOf(request.brief);
  let body = zh ? sentences.join('，') : sentences.join('. ');
  const textOf = (text: string) =>
    zh
      ? `${phrases.open}${text}${text ? '。' : ''}${words[request.aim ?? 'acquisition']}${words.optOut}`
      : `${phrases.open} ${text}${text ? '. ' : ''}${words[request.aim ?? 'acquisition']} ${words.optOut}`;
  while (body && countSmsSegments(textOf(body)).segments > SANDBOX_SMS_SEGMENTS)
    body = zh || !body.includes(' ') ? body.slice(0, -1) : body.slice(0, body.lastIndexOf(' '));
  return { text: textOf(body.trim()) };
}

export function sandboxAd(request: Pick<AiTextRequest, 'brief' | 'language' | 'tone'>): AiAdResult {
  const phrases = PHRASES[request.language][request.tone];
  const sentences = sentencesOf(request.brief);
  const lead = sentences[0] ?? request.brief.trim();
  const zh = request.language === 'zh';
  return {
    primaryText: `${phrases.open}${zh ? '' : ' '}${sentences.join(zh ? '。' : '. ')}${zh ? '。' : '.'}`,
    headline: firstWords(lead, request.language),
    description: phrases.close,
  };
}

const PLAN_DAYS = [0, 2, 5, 9, 14];

const PLAN_WORDS = {
  en: {
    acquisition: (f: PlanFacts, lead: string) => ({
      goal: `Win new ${f.productCategory} customers in ${f.industry}: ${lead}`,
      audience: `People interested in ${f.productCategory} who have not bought from you yet`,
    }),
    activation: (f: PlanFacts, lead: string) => ({
      goal: `Bring ${f.productCategory} customers in ${f.industry} back: ${lead}`,
      audience: `Customers who bought ${f.productCategory} before and have been quiet for 60 days`,
    }),
  },
  zh: {
    acquisition: (f: PlanFacts, lead: string) => ({
      goal: `为${f.industry}行业的${f.productCategory}赢得新客户：${lead}`,
      audience: `对${f.productCategory}感兴趣、尚未购买的潜在客户`,
    }),
    activation: (f: PlanFacts, lead: string) => ({
      goal: `唤回${f.industry}行业的${f.productCategory}老客户：${lead}`,
      audience: `曾购买${f.productCategory}、近 60 天未互动的客户`,
    }),
  },
} as const;
type PlanFacts = NonNullable<AiTextRequest['plan']>;

export function sandboxPlan(request: Pick<AiTextRequest, 'brief' | 'language' | 'tone' | 'plan'>): AiPlanResult {
  const facts = request.plan ?? { aim: 'acquisition', industry: '', productCategory: '', type: '', channels: ['sms'] };
  const phrases = PHRASES[request.language][request.tone];
  const sentences = sentencesOf(request.brief);
  const lines = sentences.length ? sentences : [request.brief.trim()];
  const count = Math.min(PLAN_DAYS.length, Math.max(3, lines.length));
  const space = request.language === 'zh' ? '' : ' ';
  const channels = facts.channels.length ? facts.channels : ['sms'];
  const steps = Array.from({ length: count }, (_, index) => {
    const closing = index === count - 1 ? `${space}${phrases.close}` : '';
    return {
      channel: channels[index % channels.length],
      day: PLAN_DAYS[index],
      text: `${phrases.greet}${space}${lines[index % lines.length]}${closing}`,
    };
  });
  return { ...PLAN_WORDS[request.language][facts.aim](facts, lines[0]), steps };
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AiTextError('timeout', 'aborted'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new AiTextError('timeout', 'aborted'));
    });
  });
}

export function sandboxAiProvider(options: SandboxAiOptions = {}): AiTextProvider {
  const delayMs = options.delayMs ?? 1500;
  const slowMs = options.slowMs ?? 30_000;
  return {
    name: 'sandbox',
    async generate<P extends keyof AiResults>(request: AiTextRequest<P>): Promise<AiResults[P]> {
      const brief = request.brief.toLowerCase();
      await wait(brief.includes(SANDBOX_AI_MARKERS.slow) ? slowMs : delayMs, request.signal);
      if (brief.includes(SANDBOX_AI_MARKERS.fail)) throw new AiTextError('failed', 'sandbox: the brief asked to fail');
      const result: AiResults[keyof AiResults] =
        request.purpose === 'plan'
          ? sandboxPlan(request)
          : request.purpose === 'sms'
            ? sandboxSms(request)
            : request.purpose === 'ad'
              ? sandboxAd(request)
              : sandboxDraft(request);
      return result as AiResults[P];
    },
  };
}
