import type { UserContext } from '../context';
import type { Country } from '../../src/gateway/contract/countries';
import type { ChannelDescription } from '../channels/channel';
import type { TaskAudienceSpec } from '../channels/create-task';
import { checkMapping, countMembers, resolveAudience } from '../audience/send-source';
import type { SendTemplate } from './send-template';
import type { VariableMapping } from '../../src/gateway/contract/audience/send-audience';

// A phone channel's task sent to a list or a segment (issue 12 item 6): checked and counted when
// accepted (the balance, the limits and the estimate need a count), read when parsed.

export async function audienceRecipients(
  ctx: UserContext,
  input: { ListId?: number; SegmentId?: number; VariableMapping?: Partial<VariableMapping>[] },
  template: SendTemplate,
  country: Country,
  channel: ChannelDescription,
  partsOf: (params: string[]) => number,
): Promise<TaskAudienceSpec> {
  const { audience, source } = await resolveAudience(ctx.db, ctx.user.id, input);
  const given = (input.VariableMapping ?? []).map((item) => ({
    Variable: item.Variable ?? 0,
    Attribute: item.Attribute ?? '',
    DefaultValue: item.DefaultValue ?? '',
  }));
  const mapping = await checkMapping(ctx.db, ctx.user.id, given, template.variableCount);
  const counts = await countMembers(
    ctx.db,
    ctx.user.id,
    source,
    { channel: channel.id, addressKind: 'phone', phonePrefix: country.PhonePrefix },
    ctx.clock.now(),
  );
  return {
    audience,
    source,
    mapping,
    expectedCount: counts.sendable,
    // The estimate's parts: one message with the default values (each recipient's own when parsed).
    partsEach: partsOf(mapping.map((item) => item.DefaultValue)),
  };
}
