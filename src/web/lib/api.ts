import type { z } from 'zod';
import { apiErrorSchema, type ApiError } from '../../contract/common.ts';

/** An API answer that was not a success, carrying the contract-typed error body. */
export class ApiRequestError extends Error {
  /** `payload` is the answer as sent: some errors carry more than the common body (ALREADY_BOOKED its booking). */
  constructor(
    readonly body: ApiError,
    readonly payload: unknown = body,
    /** The answer's Retry-After in seconds, when it sent one (429, 503, 409 in progress). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body.message);
  }
  get status() {
    return this.body.status;
  }
  get code() {
    return this.body.code;
  }
}

const apiBase = '/api';

function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

export async function parseAnswer<T extends z.ZodType>(response: Response, schema: T): Promise<z.infer<T>> {
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw new ApiRequestError(
      parsed.success ? parsed.data : { status: response.status, code: response.status, message: response.statusText, errors: [] },
      payload,
      retryAfterOf(response),
    );
  }
  return schema.parse(payload);
}

/** Every call sends credentials (spec: all calls send cookies) and parses the answer with the contract. */
export async function apiGet<T extends z.ZodType>(path: string, schema: T, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<z.infer<T>> {
  const response = await fetch(`${apiBase}${path}`, { credentials: 'include', headers, signal: signal ?? null });
  return parseAnswer(response, schema);
}

/** The POST itself, for a caller that reads the answer's body its own way (a streamed search); parseAnswer reads the rest. */
export function apiPostResponse(path: string, body: unknown, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${apiBase}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: signal ?? null,
  });
}

export async function apiPost<T extends z.ZodType>(path: string, body: unknown, schema: T, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<z.infer<T>> {
  return parseAnswer(await apiPostResponse(path, body, signal, headers), schema);
}
