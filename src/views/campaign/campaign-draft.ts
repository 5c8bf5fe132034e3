import type { CampaignData } from '../../gateway/contract/actions/campaigns';
import type { MappingDraft, SendDraft } from '../../machines/sms-send.machine';

/** A new campaign's wizard: its name from the route, a list as recipients, sent at once in the user's zone. */
export function newCampaignDraft(name: string, timeZone: string): SendDraft {
  return {
    form: {
      taskName: name,
      countryCode: '',
      senderId: '',
      projectId: 'default',
      sendType: 'immediate',
      scheduledTime: '',
      timeZone,
      tags: [],
    },
    template: null,
    source: 'list',
    pasteText: '',
    audience: null,
  };
}

/** A saved campaign's wizard, from its request; the template is selected once loaded. */
export function savedCampaignDraft(campaign: CampaignData, timeZone: string): SendDraft {
  const request = campaign.Sms ?? campaign.Email!;
  const mapping: MappingDraft = {};
  for (const item of request.VariableMapping ?? [])
    mapping[item.Variable] = { attribute: item.Attribute, defaultValue: item.DefaultValue };
  return {
    form: {
      taskName: request.TaskName,
      countryCode: campaign.Sms?.CountryCode ?? '',
      senderId: request.SenderId ?? '',
      projectId: request.ProjectId,
      sendType: request.SendType,
      scheduledTime: request.ScheduledTime ?? '',
      timeZone: request.TimeZone ?? timeZone,
      tags: request.Tags,
    },
    template: null,
    source: campaign.Audience.Kind,
    pasteText: '',
    audience: { id: campaign.Audience.Id, name: campaign.Audience.Name, count: null },
    mapping,
  };
}
