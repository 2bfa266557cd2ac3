import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type KeyOf, keyedCounter } from '../../plugins/keyed-rate-limit';

/** The email of a request body, as the counters key it (the schema already lowercased it). */
const emailOf: KeyOf = (request) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

/**
 * The limits of every way to present credentials (login, register, refresh, the local test
 * issuer), from AUTH_RATE_LIMIT_MAX and AUTH_RATE_LIMIT_WINDOW_MS. `perIp` and `perEmail` count
 * every request; `login` counts wrong passwords only (see `createLoginThrottle`).
 */
export async function createAuthLimits(scope: FastifyInstance) {
  const { AUTH_RATE_LIMIT_MAX: max, AUTH_RATE_LIMIT_WINDOW_MS: windowMs } = scope.config;
  // Per client address with more room, since many shoppers share one carrier-grade NAT address.
  const perIp = keyedCounter(scope, 'ip', { max: max * 5, windowMs }, (request) => request.ip);
  const perEmail = keyedCounter(scope, 'email', { max, windowMs }, emailOf);
  return {
    perIp: perIp.hook,
    perEmail: perEmail.hook,
    login: createLoginThrottle(scope, { max, windowMs }),
  };
}

/**
 * The limits of the account's links (docs/decisions/040), on the same store and window:
 * - recovery requests: per email at most min(AUTH_RATE_LIMIT_MAX, 5) (each one sends a mail
 *   to that person), and per address 5× AUTH_RATE_LIMIT_MAX;
 * - 'Reenviar' the verification link: min(AUTH_RATE_LIMIT_MAX, 3) per account;
 * - using a link (verify, reset): per address 5× AUTH_RATE_LIMIT_MAX.
 */
export function createCuentaLimits(scope: FastifyInstance) {
  const { AUTH_RATE_LIMIT_MAX: max, AUTH_RATE_LIMIT_WINDOW_MS: windowMs } = scope.config;
  const porIp = (name: string) =>
    keyedCounter(scope, name, { max: max * 5, windowMs }, (request) => request.ip).hook;
  return {
    recuperacionPorIp: porIp('recuperacion-ip'),
    recuperacionPorEmail: keyedCounter(
      scope,
      'recuperacion-email',
      { max: Math.min(max, 5), windowMs },
      emailOf,
    ).hook,
    reenvioPorUsuario: keyedCounter(
      scope,
      'reenvio-usuario',
      { max: Math.min(max, 3), windowMs },
      (request) => request.actor?.id ?? request.ip,
    ).hook,
    enlacePorIp: porIp('enlace-ip'),
  };
}

const KNOWN_DEVICE_COOKIE = 'dispositivoConocido';
const KNOWN_DEVICE_DAYS = 180;
const KNOWN_DEVICE_ACCOUNTS = 5;
/** Wrong passwords answer later and later, up to this (OWASP: slow down online guessing). */
const MAX_DELAY_MS = 2000;
const DELAY_STEP_MS = 250;

/** What the known-device cookie keeps of an email: a fingerprint, never the address. */
const fingerprint = (email: string) =>
  createHash('sha256').update(`dispositivo:${email}`).digest('base64url').slice(0, 22);

/**
 * Login throttling after OWASP's authentication cheat sheet, counting wrong passwords only:
 * - per (email, address) pair, tight: AUTH_RATE_LIMIT_MAX in AUTH_RATE_LIMIT_WINDOW_MS;
 * - per address, 5× that (different emails from one place);
 * - per email from anywhere, looser and longer: 5× AUTH_RATE_LIMIT_MAX in 4× the window; a
 *   browser that signed in to that email before (a signed 'known device' cookie) is exempt,
 *   so someone guessing elsewhere cannot lock a person out of their usual browser;
 * - each wrong password of a pair answers a little later than the previous one.
 */
function createLoginThrottle(
  scope: FastifyInstance,
  { max, windowMs }: { max: number; windowMs: number },
) {
  const { config } = scope;
  const perPair = keyedCounter(
    scope,
    'login-par',
    { max, windowMs },
    (request) => `${request.ip}|${emailOf(request)}`,
  );
  const perIp = keyedCounter(
    scope,
    'login-ip',
    { max: max * 5, windowMs },
    (request) => request.ip,
  );
  const perEmail = keyedCounter(
    scope,
    'login-email',
    { max: max * 5, windowMs: windowMs * 4 },
    emailOf,
  );

  const knownFingerprints = (request: FastifyRequest): string[] => {
    const raw = request.cookies[KNOWN_DEVICE_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    return unsigned?.valid && unsigned.value ? unsigned.value.split('.') : [];
  };
  const isKnownDevice = (request: FastifyRequest) =>
    knownFingerprints(request).includes(fingerprint(emailOf(request)));

  return {
    /**
     * Before checking the password: counts the attempt on every counter at once, so that
     * guesses sent together (to one node or to several) cannot all pass a check made before
     * any of them was counted. Past a counter that applies, refuses it and counts nothing.
     * Then `failed` keeps it counted and answers a little later each time; `discard` takes it
     * back (a right password, or an error that is not a wrong password).
     */
    async start(request: FastifyRequest, reply: FastifyReply) {
      const exempt = isKnownDevice(request);
      const [pair, ip, email] = await Promise.all([
        perPair.take(request, reply),
        perIp.take(request, reply),
        perEmail.take(request, reply),
      ]);
      const counters = [pair, ip, email];
      const discard = async () => {
        await Promise.all(counters.map((counter) => counter.undo()));
      };
      const over = [pair, ip, exempt ? undefined : email].find((counter) => counter?.over);
      if (over) {
        await discard();
        throw over.refusal();
      }
      return {
        discard,
        async failed() {
          const delay = Math.min(MAX_DELAY_MS, Math.max(0, pair.count - 1) * DELAY_STEP_MS);
          if (delay > 0) await sleep(delay);
        },
      };
    },
    /** After a right password: this browser is now known for this email. */
    rememberDevice(request: FastifyRequest, reply: FastifyReply) {
      const mine = fingerprint(emailOf(request));
      const kept = [mine, ...knownFingerprints(request).filter((f) => f !== mine)];
      reply.setCookie(KNOWN_DEVICE_COOKIE, kept.slice(0, KNOWN_DEVICE_ACCOUNTS).join('.'), {
        httpOnly: true,
        signed: true,
        sameSite: 'lax',
        secure: config.NODE_ENV === 'production',
        path: '/api/usuario',
        maxAge: KNOWN_DEVICE_DAYS * 86_400,
      });
    },
  };
}

export type AuthLimits = Awaited<ReturnType<typeof createAuthLimits>>;
