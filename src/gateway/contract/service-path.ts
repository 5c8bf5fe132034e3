// The `service` of the sign-in pages (where to go after signing in) is only ever a path of this console,
// never another site: it starts with one slash, and no browser may read it as protocol-relative
// ("//evil.example", "/\evil.example") or find a control character in it.
export const SERVICE_PATH_MAX = 512;

export function isConsolePath(path: string): boolean {
  return (
    path.length <= SERVICE_PATH_MAX &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(path)
  );
}
