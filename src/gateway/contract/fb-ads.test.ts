import { describe, expect, it } from 'vitest';
import {
  FB_AD_DEFAULTS,
  FB_CALL_TO_ACTIONS,
  FB_CAMPAIGN_DEFAULTS,
  centsOf,
  fbAdIssues,
  fbAdSetDefaults,
  fbAdSetIssues,
  fbCampaignIssues,
  fbNameTaken,
  type FbAdSetFields,
} from './fb-ads';
import { localDayOf, offsetHoursOf } from './advertising';

// The Facebook ad rules (issue 17 item 6), table-driven: each row a change to a valid object and the
// field and key it must be refused with (or none).

const validAdSet: FbAdSetFields = {
  ...fbAdSetDefaults('2026-12-01'),
  Name: 'Set 1',
  BidAmount: 150,
  DailyBudget: 2000,
};
const keysOf = (issues: { Field: string; Key: string }[]) => issues.map((i) => `${i.Field}:${i.Key}`);

describe('fbAdSetIssues', () => {
  const cases: [string, Partial<FbAdSetFields>, string[]][] = [
    ['a valid daily ad set', {}, []],
    ['a bid cap below zero', { BidAmount: -100 }, ['BidAmount:validation:fbAmountNegative']],
    ['a zero cost cap', { BidStrategy: 'COST_CAP', BidAmount: 0 }, ['BidAmount:validation:fbAmountPositive']],
    ['a bid amount that is not whole cents', { BidAmount: 1.5 }, ['BidAmount:validation:fbAmountInvalid']],
    ['an unknown bid strategy', { BidStrategy: 'LOWEST_COST' }, ['BidStrategy:validation:required']],
    ['a daily budget under 1.00', { DailyBudget: 99 }, ['DailyBudget:validation:fbDailyBudgetMin']],
    ['both budgets', { LifetimeBudget: 10000 }, ['LifetimeBudget:validation:fbOneBudgetOnly']],
    [
      'a lifetime budget with no end date',
      { BudgetType: 'LIFETIME', DailyBudget: 0, LifetimeBudget: 50000 },
      ['EndDate:validation:fbLifetimeNeedsEnd'],
    ],
    [
      'a lifetime budget ending on its start day',
      { BudgetType: 'LIFETIME', DailyBudget: 0, LifetimeBudget: 50000, EndDate: '2026-12-01' },
      ['EndDate:validation:fbEndAfterStart'],
    ],
    [
      'a valid lifetime ad set',
      { BudgetType: 'LIFETIME', DailyBudget: 0, LifetimeBudget: 50000, EndDate: '2026-12-31' },
      [],
    ],
    [
      'a lifetime budget of zero',
      { BudgetType: 'LIFETIME', DailyBudget: 0, EndDate: '2026-12-31' },
      ['LifetimeBudget:validation:fbAmountPositive'],
    ],
    ['no start date', { StartDate: '' }, ['StartDate:validation:required']],
    ['a start date that is not a date', { StartDate: '2026-13-45' }, ['StartDate:validation:fbDateInvalid']],
    ['no locations', { Locations: [] }, ['Locations:validation:fbLocationsRequired']],
    ['an unknown location', { Locations: ['XX'] }, ['Locations:validation:fbLocationsInvalid']],
    ['a blank name', { Name: '  ' }, ['Name:validation:required']],
    [
      'another goal than OFFSITE_CONVERSIONS',
      { OptimizationGoal: 'LINK_CLICKS' },
      ['OptimizationGoal:validation:required'],
    ],
  ];
  it.each(cases)('%s', (_name, change, expected) => {
    expect(keysOf(fbAdSetIssues({ ...validAdSet, ...change }))).toEqual(expected);
  });
});

describe('fbCampaignIssues', () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['a valid campaign', {}, []],
    ['a spend cap below zero', { SpendCap: -1 }, ['SpendCap:validation:fbAmountNegative']],
    ['another objective', { Objective: 'OUTCOME_TRAFFIC' }, ['Objective:validation:required']],
    ['another buying type', { BuyingType: 'RESERVED' }, ['BuyingType:validation:required']],
    ['a name too long', { Name: 'x'.repeat(101) }, ['Name:validation:fbNameTooLong']],
  ];
  it.each(cases)('%s', (_name, change, expected) => {
    expect(keysOf(fbCampaignIssues({ ...FB_CAMPAIGN_DEFAULTS, Name: 'Spring', ...change }))).toEqual(expected);
  });
});

describe('fbAdIssues', () => {
  const valid = { ...FB_AD_DEFAULTS, Name: 'Ad 1', PrimaryText: 'Buy', Headline: 'Now', Link: 'https://shop.example' };
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['a valid ad', {}, []],
    ['no primary text', { PrimaryText: '' }, ['PrimaryText:validation:required']],
    ['a link without http(s)', { Link: 'shop.example' }, ['Link:validation:adLinkScheme']],
    ['an unknown call to action', { CallToAction: 'CLICK' }, ['CallToAction:validation:required']],
    ['a headline too long', { Headline: 'h'.repeat(256) }, ['Headline:validation:fbTextTooLong']],
  ];
  it.each(cases)('%s', (_name, change, expected) => {
    expect(keysOf(fbAdIssues({ ...valid, ...change }))).toEqual(expected);
  });
  it('offers the 17 call-to-action buttons of spec 001 §9', () => {
    expect(FB_CALL_TO_ACTIONS).toHaveLength(17);
  });
});

describe('names and amounts', () => {
  it('a name is taken whatever its case and spaces', () => {
    expect(fbNameTaken(' spring SALE ', ['Spring sale'])).toBe(true);
    expect(fbNameTaken('Spring sale 2', ['Spring sale'])).toBe(false);
  });
  it('reads typed amounts as cents', () => {
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf('-1')).toBe(-100);
    expect(centsOf('1.234')).toBeNaN();
  });
});

describe("an ad account's day", () => {
  // 17:30 UTC: still the 28th in London, already the 29th in Shanghai, the 28th in Los Angeles
  const evening = new Date('2026-11-28T17:30:00Z');
  it.each([
    ['UTC+0', '2026-11-28'],
    ['UTC+8', '2026-11-29'],
    ['UTC-8', '2026-11-28'],
    ['UTC+5:30', '2026-11-28'],
    ['not a zone', '2026-11-29'],
  ])('in %s is %s', (zone, day) => expect(localDayOf(evening, zone)).toBe(day));

  it('reads half hours both ways', () => {
    expect(offsetHoursOf('UTC+5:30')).toBe(5.5);
    expect(offsetHoursOf('UTC-3:30')).toBe(-3.5);
  });
});
