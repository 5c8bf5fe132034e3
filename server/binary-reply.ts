import type { ActionData, ActionName, ActionReplyOf } from '../src/gateway/contract/actions/registry';

/**
 * A handler's answer that is a file, not JSON (spec 000 §7: "File downloads use a binary variant of
 * the call"). server/api.ts sends it as the body with Content-Disposition: attachment. Only an Action
 * whose definition declares a `file` or `jsonOrFile` reply may return one (HandlerReply says which).
 */
export class BinaryReply {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly body: string | Uint8Array,
  ) {}
}

/** What a handler of an Action returns, read from the reply kind on the Action's definition. */
export type HandlerReply<A extends ActionName> =
  ActionReplyOf<A> extends 'file'
    ? BinaryReply
    : ActionReplyOf<A> extends 'jsonOrFile'
      ? ActionData<A> | BinaryReply
      : ActionData<A>;
