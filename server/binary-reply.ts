/**
 * A handler's answer that is a file, not JSON (spec 000 §7: "File downloads use a binary variant of
 * the call"). server/api.ts sends it as the body with Content-Disposition: attachment.
 */
export class BinaryReply {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly body: string | Uint8Array,
  ) {}
}
