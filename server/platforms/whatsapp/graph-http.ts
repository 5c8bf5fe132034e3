// One request to the Graph API (the WhatsApp Cloud API's shape) for the adapters over HTTP: the numbers'
// and messages' adapter (adapter.ts) and the templates' (server/whatsapp-templates/graph-platform.ts). It
// answers the status and the parsed body; what a refusal means is each adapter's (their errors differ).

export interface GraphHttpOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Graph's error body: {error: {message, type, code}}. */
export interface GraphError {
  error?: { message?: string; code?: number };
}

export interface GraphAnswer<T> {
  ok: boolean;
  status: number;
  /** null when the body was not JSON */
  body: (T & GraphError) | null;
}

export interface GraphRequest {
  /** the bearer token, if the call takes one */
  token?: string;
  query?: Record<string, string>;
  json?: object;
  /** the error to throw when no answer came (network, timeout) */
  unreachable: (message: string) => Error;
}

export async function graphRequest<T>(
  options: GraphHttpOptions,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  request: GraphRequest,
): Promise<GraphAnswer<T>> {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/${path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method,
      headers: {
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        ...(request.json ? { 'content-type': 'application/json' } : {}),
      },
      ...(request.json ? { body: JSON.stringify(request.json) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch (error) {
    throw request.unreachable(error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => null)) as (T & GraphError) | null;
  return { ok: response.ok && body !== null && !body.error, status: response.status, body };
}
