import { assign, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { failureText, serverFieldErrors } from '../gateway/client/failures';
import type { FieldErrors } from '../gateway/contract/field-errors';
import { RetCode } from '../gateway/contract/retcodes';
import type { AiLanguage, AiTone } from '../gateway/contract/actions/ai-text';
import { AI_TEXT_LIMITS } from '../gateway/contract/actions/ai-text';
import type { PlanChannel, PlanContent, PlanData, PlanStep, PlanType } from '../gateway/contract/actions/mkt-plans';
import { PLAN_AIM, PLAN_LIMITS } from '../gateway/contract/actions/mkt-plans';
import { mktPlanLifecycle } from './lifecycles/mkt-plan.machine';

// The marketing plan form (/mkthub/createplan/{aim}, /mkthub/editplan/{Id}; a copy is a new plan loaded
// from another): settings with a live name check, the strategy generated from a brief through the AI text
// provider (GenerateMKTPlanContent) and edited afterwards, then "save as draft" or "save and apply"
// (SaveMKTPlan with Submit, then ApplyMKTPlan). An applied plan is not edited (its lifecycle says so).

export interface PlanForm {
  name: string;
  aim: number;
  industry: string;
  productCategory: string;
  type: PlanType;
  tone: AiTone;
  channels: PlanChannel[];
  brief: string;
  content: PlanContent | null;
}

export interface MktPlanEditorContext {
  /** The plan being edited (set once a new plan is saved); null for a new plan or a copy. */
  planId: string | null;
  /** The plan to load: the edited one or the copied one. */
  sourceId: string | null;
  language: AiLanguage;
  form: PlanForm;
  /** unsaved changes (the page asks before it is left) */
  dirty: boolean;
  nameTaken: boolean;
  error: unknown;
  /** The workflow applying made. */
  seqId: string;
}

type TextField = 'industry' | 'productCategory' | 'brief';
export type MktPlanEditorEvent =
  | { type: 'name.change'; value: string }
  | { type: 'text.change'; field: TextField; value: string }
  | { type: 'aim.set'; aim: number }
  | { type: 'type.set'; value: PlanType }
  | { type: 'tone.set'; value: AiTone }
  | { type: 'channel.toggle'; channel: PlanChannel }
  | { type: 'summary.change'; field: 'Goal' | 'Audience'; value: string }
  | { type: 'step.change'; index: number; step: Partial<PlanStep> }
  | { type: 'step.add' }
  | { type: 'step.remove'; index: number }
  | { type: 'plan.generate' }
  | { type: 'generate.cancel' }
  | { type: 'plan.saveDraft' }
  | { type: 'plan.apply' }
  | { type: 'load.retry' };

export interface MktPlanEditorInput {
  planId?: string;
  copyId?: string;
  aim?: number;
  language?: AiLanguage;
}

const NAME_CHECK_DELAY_MS = 400;

export const emptyPlanForm = (aim: number = PLAN_AIM.Acquisition): PlanForm => ({
  name: '',
  aim: aim === PLAN_AIM.Activation ? PLAN_AIM.Activation : PLAN_AIM.Acquisition,
  industry: '',
  productCategory: '',
  type: 'promotion',
  tone: 'friendly',
  channels: [],
  brief: '',
  content: null,
});

const settingsOf = (form: PlanForm) => ({
  Name: form.name.trim(),
  Aim: form.aim as 1 | 2,
  Industry: form.industry.trim(),
  ProductCategory: form.productCategory.trim(),
  Type: form.type,
  Tone: form.tone,
  Channels: form.channels,
});

const settingsReady = (context: MktPlanEditorContext) => {
  const { form } = context;
  return (
    form.name.trim().length > 0 &&
    form.name.trim().length <= PLAN_LIMITS.nameMax &&
    form.industry.trim().length > 0 &&
    form.productCategory.trim().length > 0 &&
    form.channels.length > 0 &&
    !context.nameTaken
  );
};

const stepsReady = (content: PlanContent | null) =>
  Boolean(content && content.Steps.length > 0 && content.Steps.every((step) => step.Text.trim().length > 0));

const edit = (form: Partial<PlanForm>) => (context: MktPlanEditorContext) => ({
  form: { ...context.form, ...form },
  dirty: true,
});

export const mktPlanEditorMachine = setup({
  types: {
    context: {} as MktPlanEditorContext,
    events: {} as MktPlanEditorEvent,
    input: {} as MktPlanEditorInput,
  },
  actors: {
    loadPlan: fromPromise(async ({ input }: { input: { planId: string } }) =>
      call('GetMKTPlan', { PlanId: input.planId }),
    ),
    checkName: fromPromise(async ({ input }: { input: { name: string; planId: string | null } }) =>
      call('QueryPlanNameCheck', { Name: input.name, ...(input.planId ? { PlanId: input.planId } : {}) }),
    ),
    generateContent: fromPromise(async ({ input }: { input: { form: PlanForm; language: AiLanguage } }) => {
      // the strategy does not depend on the plan's name: GenerateMKTPlanContent refuses unknown fields
      const { Name: _name, ...settings } = settingsOf(input.form);
      return call('GenerateMKTPlanContent', {
        ...settings,
        Brief: input.form.brief.trim(),
        Language: input.language,
      });
    }),
    savePlan: fromPromise(async ({ input }: { input: { planId: string | null; form: PlanForm; submit: boolean } }) =>
      call('SaveMKTPlan', {
        ...(input.planId ? { PlanId: input.planId } : {}),
        ...settingsOf(input.form),
        Brief: input.form.brief.trim(),
        Content: input.form.content,
        Submit: input.submit,
      }),
    ),
    applyPlan: fromPromise(async ({ input }: { input: { planId: string } }) =>
      call('ApplyMKTPlan', { PlanId: input.planId }),
    ),
  },
  delays: { nameCheck: NAME_CHECK_DELAY_MS },
  guards: {
    hasSource: ({ context }) => context.sourceId !== null,
    /** A copy of any plan is a new draft; the edited plan must still allow editing. */
    mayEdit: ({ context }, plan: PlanData) =>
      context.planId === null || mktPlanLifecycle.can(plan.Status, 'plan.saveDraft'),
    hasRoomForStep: ({ context }) => (context.form.content?.Steps.length ?? 0) < PLAN_LIMITS.stepsMax,
    hasName: ({ context }) => context.form.name.trim().length > 0,
    canGenerate: ({ context }) => {
      const brief = context.form.brief.trim().length;
      const { form } = context;
      return (
        brief >= AI_TEXT_LIMITS.briefMin &&
        brief <= AI_TEXT_LIMITS.briefMax &&
        form.channels.length > 0 &&
        form.industry.trim().length > 0 &&
        form.productCategory.trim().length > 0
      );
    },
    canSaveDraft: ({ context }) => settingsReady(context),
    canApply: ({ context }) => settingsReady(context) && stepsReady(context.form.content),
  },
  actions: {
    setName: assign(({ context, event }) =>
      event.type === 'name.change' ? { ...edit({ name: event.value })(context), nameTaken: false } : {},
    ),
    setText: assign(({ context, event }) =>
      event.type === 'text.change' ? edit({ [event.field]: event.value })(context) : {},
    ),
    setAim: assign(({ context, event }) => (event.type === 'aim.set' ? edit({ aim: event.aim })(context) : {})),
    setType: assign(({ context, event }) => (event.type === 'type.set' ? edit({ type: event.value })(context) : {})),
    setTone: assign(({ context, event }) => (event.type === 'tone.set' ? edit({ tone: event.value })(context) : {})),
    toggleChannel: assign(({ context, event }) => {
      if (event.type !== 'channel.toggle') return {};
      const chosen = context.form.channels.includes(event.channel);
      const channels = chosen
        ? context.form.channels.filter((channel) => channel !== event.channel)
        : [...context.form.channels, event.channel];
      return edit({ channels })(context);
    }),
    setSummary: assign(({ context, event }) => {
      if (event.type !== 'summary.change') return {};
      const content = context.form.content ?? { Goal: '', Audience: '', Steps: [] };
      return edit({ content: { ...content, [event.field]: event.value } })(context);
    }),
    changeStep: assign(({ context, event }) => {
      if (event.type !== 'step.change' || !context.form.content) return {};
      const Steps = context.form.content.Steps.map((step, index) =>
        index === event.index ? { ...step, ...event.step } : step,
      );
      return edit({ content: { ...context.form.content, Steps } })(context);
    }),
    addStep: assign(({ context }) => {
      const content = context.form.content ?? { Goal: '', Audience: '', Steps: [] };
      const last = content.Steps[content.Steps.length - 1];
      const step: PlanStep = {
        Channel: context.form.channels[0] ?? 'sms',
        Day: last ? Math.min(PLAN_LIMITS.dayMax, last.Day + 1) : 0,
        Text: '',
      };
      return edit({ content: { ...content, Steps: [...content.Steps, step] } })(context);
    }),
    removeStep: assign(({ context, event }) => {
      if (event.type !== 'step.remove' || !context.form.content) return {};
      const Steps = context.form.content.Steps.filter((_, index) => index !== event.index);
      return edit({ content: { ...context.form.content, Steps } })(context);
    }),
    fill: assign(({ context }, plan: PlanData) => ({
      form: {
        // a copy is a new plan: it needs a name of its own
        name: context.planId ? plan.Name : '',
        aim: plan.Aim,
        industry: plan.Industry,
        productCategory: plan.ProductCategory,
        type: plan.Type as PlanType,
        tone: plan.Tone as AiTone,
        channels: plan.Channels as PlanChannel[],
        brief: plan.Brief,
        content: plan.Content,
      },
      dirty: false,
    })),
    setContent: assign(({ context }, content: PlanContent) => edit({ content })(context)),
    markName: assign((_, available: boolean) => ({ nameTaken: !available })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    keepSaved: assign((_, saved: { PlanId: string }) => ({ planId: saved.PlanId, dirty: false })),
    keepApplied: assign((_, applied: { SeqId: string }) => ({ seqId: applied.SeqId })),
  },
}).createMachine({
  id: 'mktPlanEditor',
  context: ({ input }) => ({
    planId: input?.planId ?? null,
    sourceId: input?.planId ?? input?.copyId ?? null,
    language: input?.language ?? 'en',
    form: emptyPlanForm(input?.aim),
    dirty: false,
    nameTaken: false,
    error: null,
    seqId: '',
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasSource', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        input: ({ context }) => ({ planId: context.sourceId! }),
        onDone: [
          {
            guard: { type: 'mayEdit', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'fill', params: ({ event }) => event.output },
          },
          { target: 'notEditable' },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { 'load.retry': { target: 'loading', actions: 'clearError' } } },
    notEditable: { type: 'final' },
    editing: {
      on: {
        'name.change': { target: '.nameChanged', actions: 'setName' },
        'text.change': { actions: 'setText' },
        'aim.set': { actions: 'setAim' },
        'type.set': { actions: 'setType' },
        'tone.set': { actions: 'setTone' },
        'channel.toggle': { actions: 'toggleChannel' },
        'summary.change': { actions: 'setSummary' },
        'step.change': { actions: 'changeStep' },
        'step.add': { guard: 'hasRoomForStep', actions: 'addStep' },
        'step.remove': { actions: 'removeStep' },
        'plan.generate': { guard: 'canGenerate', target: 'generating', actions: 'clearError' },
        'plan.saveDraft': { guard: 'canSaveDraft', target: 'savingDraft', actions: 'clearError' },
        'plan.apply': { guard: 'canApply', target: 'submitting', actions: 'clearError' },
      },
      initial: 'idle',
      states: {
        idle: {},
        nameChanged: {
          after: { nameCheck: [{ guard: 'hasName', target: 'checkingName' }, { target: 'idle' }] },
        },
        checkingName: {
          invoke: {
            id: 'checkName',
            src: 'checkName',
            input: ({ context }) => ({ name: context.form.name.trim(), planId: context.planId }),
            onDone: { target: 'idle', actions: { type: 'markName', params: ({ event }) => event.output.Available } },
            // the save checks the name again: a failed check only leaves it unknown
            onError: { target: 'idle' },
          },
        },
      },
    },
    generating: {
      invoke: {
        id: 'generateContent',
        src: 'generateContent',
        input: ({ context }) => ({ form: context.form, language: context.language }),
        onDone: { target: 'editing', actions: { type: 'setContent', params: ({ event }) => event.output.Content } },
        onError: {
          target: 'editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'generate.cancel': 'editing' },
    },
    savingDraft: {
      invoke: {
        id: 'saveDraft',
        src: 'savePlan',
        input: ({ context }) => ({ planId: context.planId, form: context.form, submit: false }),
        onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submitPlan',
        src: 'savePlan',
        input: ({ context }) => ({ planId: context.planId, form: context.form, submit: true }),
        onDone: { target: 'applying', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    applying: {
      invoke: {
        id: 'applyPlan',
        src: 'applyPlan',
        input: ({ context }) => ({ planId: context.planId! }),
        onDone: { target: 'applied', actions: { type: 'keepApplied', params: ({ event }) => event.output } },
        // saved and submitted, not applied: the form stays, and "save and apply" tries again
        onError: {
          target: 'editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { type: 'final' },
    applied: { type: 'final' },
  },
});

const FIELD_NAMES = {
  Name: 'name',
  Industry: 'industry',
  ProductCategory: 'productCategory',
  Channels: 'channels',
  Brief: 'brief',
  Content: 'content',
};

/** A refused call as the form shows it: keys by form field (the name in use at the name), or one message. */
export function planRefusal(error: unknown): { fields: FieldErrors; message: string } {
  if (!error) return { fields: {}, message: '' };
  const fields = serverFieldErrors(error, FIELD_NAMES, { [RetCode.PlanNameExists]: 'name' });
  return { fields, message: Object.keys(fields).length ? '' : failureText(error) };
}
