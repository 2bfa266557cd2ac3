import { ERROR_CODES, ERROR_MESSAGES } from '@compra-grupal/contracts';
import { toast } from '@/components/ui/toast';
import { isAccessTokenExpired } from './session/access-token';
import { clearSessionToken, saveSessionToken } from './session/session-token';
import { getStoredItem } from './storage-keys';

/** Messages of the spec (part 1, sections 5 and 8). */
const SIN_TOKEN = ERROR_MESSAGES.TOKEN_AUSENTE;
export const RENOVACION_FALLIDA = 'No se pudo renovar el token';
export const SESION_EXPIRADA = 'Sesión expirada';
export const ERROR_CONEXION = 'Error de conexión';

const REFRESH_PATH = '/api/usuario/refreshToken';

/** Anything with a zod-like `parse`: the contract schemas. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface FieldIssue {
  campo: string;
  mensaje: string;
}

/** A failed call: the HTTP status (0 without an answer), the server's code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The human message the server sent (`error`, `mensaje` or `message`), if any. */
  readonly serverMessage: string | undefined;
  /** Invalid fields of a validation error. */
  readonly detalles: readonly FieldIssue[];
  /** The answer's parsed body, for errors that carry more (e.g. `tiendasSinMP`). */
  readonly body: unknown;

  constructor(
    message: string,
    options: {
      status: number;
      code?: string | undefined;
      serverMessage?: string | undefined;
      detalles?: readonly FieldIssue[] | undefined;
      body?: unknown;
      cause?: unknown;
    },
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.serverMessage = options.serverMessage;
    this.detalles = options.detalles ?? [];
    this.body = options.body;
  }
}

/** The server's human message of an answer, from any of the shapes it may take. */
function serverMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  for (const key of ['error', 'mensaje', 'message'] as const) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

function detallesOf(body: unknown): FieldIssue[] {
  if (!body || typeof body !== 'object') return [];
  const detalles = (body as { detalles?: unknown }).detalles;
  if (!Array.isArray(detalles)) return [];
  return detalles.filter(
    (item): item is FieldIssue =>
      typeof item?.campo === 'string' && typeof item?.mensaje === 'string',
  );
}

// ---------------------------------------------------------------------------------------------
// Navigation: the router sets it (AppLayout), so a lost session goes to / without a reload.

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigateTo: Navigate | null = null;

/** Installed by the app shell; `null` removes it. */
export function setApiNavigate(navigate: Navigate | null): void {
  navigateTo = navigate;
}

function goHome(): void {
  if (navigateTo) navigateTo('/');
  else window.location.assign('/');
}

// ---------------------------------------------------------------------------------------------
// Token renewal: one at a time, concurrent callers share it.

let renewal: Promise<string> | null = null;

/** Web Locks name: tabs of the same browser take turns to renew. */
const RENEWAL_LOCK = 'compra-grupal:renovacion-token';

/**
 * Runs the renewal under a browser-wide lock where the browser has one. The refresh cookie is
 * rotated on every use and the server revokes the session if one is used twice, so two tabs
 * must not renew with the same cookie at once.
 */
function withRenewalLock(task: () => Promise<string>): Promise<string> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  // The lock is held until the task settles; lib.dom types the callback's promise as T.
  return locks.request(RENEWAL_LOCK, task) as unknown as Promise<string>;
}

async function requestRenewal(previous: string | null): Promise<string> {
  // Another tab may have renewed while this one waited for the lock: its token is shared.
  const stored = getStoredItem('accessToken');
  if (stored && stored !== previous && !isAccessTokenExpired(stored)) return stored;

  let response: Response;
  try {
    response = await fetch(REFRESH_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch (cause) {
    throw new ApiError(RENOVACION_FALLIDA, { status: 0, cause });
  }
  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiError(RENOVACION_FALLIDA, {
      status: response.status,
      code: codeOf(body),
      serverMessage: serverMessageOf(body),
    });
  }
  const { accessTokenResponseSchema } = await import('./contract-schemas');
  const parsed = accessTokenResponseSchema.safeParse(await readBody(response));
  if (!parsed.success) throw new ApiError(RENOVACION_FALLIDA, { status: response.status });
  // A logout while the answer travelled wins: the session stays closed.
  if (previous !== null && getStoredItem('accessToken') === null) {
    throw new ApiError(RENOVACION_FALLIDA, { status: 0, code: 'SESION_CERRADA' });
  }
  // The socket and the shell follow the new token.
  saveSessionToken(parsed.data.accessToken);
  return parsed.data.accessToken;
}

/**
 * Gets a new access token with the refresh cookie and stores it. Only one renewal runs at a
 * time: callers that arrive while one is in flight get the same promise. Rejects with
 * 'No se pudo renovar el token'; ending the session is the caller's decision.
 */
export function renewAccessToken(): Promise<string> {
  if (renewal) return renewal;
  const previous = getStoredItem('accessToken');
  const current = withRenewalLock(() => requestRenewal(previous));
  renewal = current;
  const clear = () => {
    if (renewal === current) renewal = null;
  };
  current.then(clear, clear);
  return current;
}

/**
 * Whether a renewal failed because the server refused the refresh cookie (401, 403), or because a
 * logout won the race. A renewal that got no answer or a 5xx (an outage) did not: the session
 * stays, and the next call renews again once the server is back.
 */
function renewalRefused(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 401 || error.status === 403 || error.code === 'SESION_CERRADA';
}

/**
 * Ends the session after a refused renewal; after one that only met an outage, the caller gets
 * 'Error de conexión' and the session stays.
 */
function afterFailedRenewal(error: unknown): unknown {
  if (renewalRefused(error)) {
    expireSession();
    return error;
  }
  const status = error instanceof ApiError ? error.status : 0;
  return new ApiError(ERROR_CONEXION, { status, code: 'SIN_CONEXION', cause: error });
}

/**
 * Ends a session the server no longer accepts: clears the token, announces the logout, shows
 * 'Sesión expirada' and goes to /. Only the first caller acts when several fail together.
 */
function expireSession(): void {
  if (getStoredItem('accessToken') === null) return;
  clearSessionToken();
  toast({
    title: SESION_EXPIRADA,
    description: 'Por favor inicia sesión nuevamente',
    variant: 'destructive',
  });
  goHome();
}

/**
 * Whether a failure ended the session (a renewal that failed, or a second 401): the session
 * is closed and 'Sesión expirada' was shown (or the user had just logged out), so callers say
 * nothing more.
 */
export function endedTheSession(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.message === SESION_EXPIRADA || error.message === RENOVACION_FALLIDA)
  );
}

/** The stored token, renewed first when it ends within the margin or cannot be decoded. */
async function getValidAccessToken(): Promise<string> {
  const token = getStoredItem('accessToken');
  if (!token) throw new ApiError(SIN_TOKEN, { status: 401, code: ERROR_CODES.tokenAusente });
  if (!isAccessTokenExpired(token)) return token;
  try {
    return await renewAccessToken();
  } catch (error) {
    throw afterFailedRenewal(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Requests.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Sends the Bearer token, renews it when needed and retries once on 401. Default true. */
  auth?: boolean;
  /** 'include' where the refresh cookie matters (login, logout). */
  credentials?: RequestCredentials;
  /** Contract schema the answer is parsed with. */
  schema?: Parser<T>;
  /** 'blob': the answer is a file (a CSV to save), returned as it came; failures still read JSON. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function codeOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function toApiError(response: Response, body: unknown): ApiError {
  const serverMessage = serverMessageOf(body);
  return new ApiError(
    serverMessage ?? `Error en la solicitud: ${response.statusText || response.status}`,
    {
      status: response.status,
      code: codeOf(body),
      serverMessage,
      detalles: detallesOf(body),
      body,
    },
  );
}

async function send(
  path: string,
  options: ApiRequestOptions<unknown>,
  token: string | null,
): Promise<Response> {
  const headers = new Headers({
    Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
  });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: options.credentials ?? 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(ERROR_CONEXION, { status: 0, code: 'SIN_CONEXION', cause });
  }
}

/** After a 401: a token another caller already renewed, or a renewal of our own. */
async function tokenAfterUnauthorized(rejected: string): Promise<string> {
  const stored = getStoredItem('accessToken');
  if (stored && stored !== rejected && !isAccessTokenExpired(stored)) return stored;
  return renewAccessToken();
}

/**
 * The one HTTP client of the app. Authenticated calls (the default) send the stored token as
 * a Bearer header, renew it first when it is about to expire, and on a 401 renew and retry
 * once; a renewal the server refuses or a second 401 ends the session (a renewal lost to an
 * outage does not: the call fails with 'Error de conexión'). A failure becomes an ApiError with
 * the status, the server's code and its message.
 */
export async function apiFetch<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const auth = options.auth ?? true;
  let token = auth ? await getValidAccessToken() : null;
  let response = await send(path, options, token);

  if (auth && token && response.status === 401) {
    try {
      token = await tokenAfterUnauthorized(token);
    } catch (error) {
      throw afterFailedRenewal(error);
    }
    response = await send(path, options, token);
    if (response.status === 401) {
      const body = await readBody(response);
      expireSession();
      throw new ApiError(SESION_EXPIRADA, {
        status: 401,
        code: codeOf(body),
        serverMessage: serverMessageOf(body),
      });
    }
  }

  if (!response.ok) throw toApiError(response, await readBody(response));
  if (options.responseType === 'blob') return (await response.blob()) as T;
  const body = await readBody(response);
  return options.schema ? options.schema.parse(body) : (body as T);
}

type Options<T> = Omit<ApiRequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) =>
    apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiFetch<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiFetch<T>(path, { ...options, method: 'PATCH', body }),
};
