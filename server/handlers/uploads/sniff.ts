export { looksLike, SNIFF_BYTES } from '../../../src/gateway/contract/file-signatures';
