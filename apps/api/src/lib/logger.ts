import type { FastifyServerOptions } from 'fastify';

/** Anything with a write method, as pino takes it. */
export interface DestinationStream {
  write(line: string): void;
}

const CENSOR = '[oculto]';

/** Request and body fields that may hold secrets or personal data, wherever they are logged. */
const SENSITIVE_KEYS = [
  'contrasenia',
  'password',
  'contraseniaHash',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'set-cookie',
  'email',
  'telefono',
  'params',
  'parameters',
  'query',
  'SMTP_URL',
];

const sensitivePatterns: [RegExp, string][] = [
  // Credentials inside a URL (SMTP_URL, DATABASE_URL, REDIS_URL): scheme://user:pass@host.
  [/\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#]*@/gi, `$1${CENSOR}@`],
  [/\$argon2\w*\$[^\s"',)]+/g, CENSOR], // password hashes
  [/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, CENSOR], // JWTs
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, CENSOR], // emails
  [/\+?\d[\d\s().-]{5,}\d/g, CENSOR], // phone numbers and other long digit runs
];

/** Drizzle appends the bound values to a failed query's message ("params: a,b,c"). */
const stripQueryParams = (text: string) => text.replace(/\nparams:[\s\S]*$/, '\nparams: [oculto]');

export function redactText(text: string): string {
  return sensitivePatterns.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    stripQueryParams(text),
  );
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * Errors keep their type, code, message and stack with values scrubbed, and nothing else: a
 * database error's `detail`, `where`, query parameters and a driver's bound values never reach
 * the log.
 */
function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: CENSOR, stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor?.name ?? 'Error',
    message: redactText(error.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    stack: redactText(error.stack ?? ''),
    ...(error.cause !== undefined && depth < 3
      ? { cause: serializeError(error.cause, depth + 1) }
      : {}),
  };
}

interface LoggedRequest {
  method: string;
  url: string;
  id?: string;
  ip?: string;
}

/** The request line without its query string, which may carry search text or codes. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    id: request.id,
    remoteAddress: request.ip,
  };
}

/** Paths pino censors in any log line, up to two levels deep. */
const redactPaths = SENSITIVE_KEYS.flatMap((key) => {
  const field = /^[\w]+$/.test(key) ? key : `["${key}"]`;
  const at = (prefix: string) =>
    field.startsWith('[') ? `${prefix}${field}` : `${prefix}.${field}`;
  return [field, at('*'), at('*.*')];
});

/** The pino options of the API's logger: JSON lines, secrets and personal data censored. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: redactPaths, censor: CENSOR },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}
