import { createECDH } from 'node:crypto';
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './lib/trusted-proxies';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0'], { message: 'debe ser true o false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
);

/** The path Mercado Pago sends the seller back to (modules/pago). */
export const MP_CALLBACK_PATH = '/api/oauth/mercadopago/callback';

/** A provider's base URL: HTTPS, or plain HTTP only to this machine (tests' local fakes). */
const providerUrl = z
  .url()
  .refine(
    (value) =>
      /^https:\/\//.test(value) ||
      /^http:\/\/(127\.\d+\.\d+\.\d+|\[::1\]|localhost)(:\d+)?(\/|$)/.test(value),
    'debe ser https:// (http:// solo hacia esta máquina)',
  );

/** A duration in milliseconds, at least 1 (a timeout of 0 would turn it off). */
const positiveMs = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(fallback));

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe ser una URL postgres:// o postgresql://')
      .optional(),
  ),
  /** A public demo deployment: allows demo data and the local Google issuer in production. */
  DEMO_MODE: booleanFlag.transform((value) => value ?? false),
  /** Default: on outside production, off in production (see the refinements below). */
  SEED_DEMO: booleanFlag,
  OPENAPI_ENABLED: booleanFlag,
  /**
   * The public pages (home, store, product, group) rendered on the server, with their data in
   * the first answer (docs/decisions/044). On by default; `false` sends the client-rendered
   * shell, as before (the bench measures both side by side).
   */
  SSR: booleanFlag.transform((value) => value ?? true),
  /**
   * How long a drawn page is kept at most (ms) if no event changes it first; events invalidate
   * it on every node at once (docs/decisions/044).
   */
  SSR_CACHE_TTL_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  RATE_LIMIT_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(300)),
  RATE_LIMIT_WINDOW_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(60_000),
  ),
  BODY_LIMIT_BYTES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(1_048_576),
  ),
  /** false, a hop count of 1–5, or the proxies' addresses and ranges (lib/trusted-proxies.ts). */
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value, context): TrustedProxies => {
        const parsed = parseTrustedProxies(value);
        if (parsed.ok) return parsed.value;
        context.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }),
  ),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Default http://localhost:PORT outside production; production needs its public one. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Empty: generated into the database outside production; production needs it. */
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(10).default(900),
  ),
  REFRESH_TOKEN_TTL_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).default(30),
  ),
  AUTH_RATE_LIMIT_MAX: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(10),
  ),
  AUTH_RATE_LIMIT_WINDOW_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60_000),
  ),
  ADMIN_EMAILS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),
  GOOGLE_AUTH_MODE: z.preprocess(emptyAsUndefined, z.enum(['off', 'local', 'google']).optional()),
  GOOGLE_ISSUER_URL: z.preprocess(emptyAsUndefined, z.url().default('https://accounts.google.com')),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  GEO_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['gazetteer', 'georef']).default('gazetteer'),
  ),
  GEOREF_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url().default('https://apis.datos.gob.ar/georef/api'),
  ),
  /**
   * An OSRM server for delivery routes on real streets (adapters/rutas), e.g. http://osrm:5000;
   * empty: the embedded planner (great-circle distances, offline), production included.
   */
  RUTAS_OSRM_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  STORAGE_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['local', 's3']).default('local')),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  /** An S3-compatible endpoint (MinIO, R2...); empty for AWS itself. */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Where the bucket's objects are public (a CDN or the bucket's URL), without a final slash. */
  S3_PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /**
   * Sellers' Mercado Pago accounts: real Mercado Pago, the embedded sandbox ('Modo de
   * prueba') or off. Default: mercadopago with its three credentials; otherwise the sandbox
   * outside production (or with DEMO_MODE), else off.
   */
  MP_MODE: z.preprocess(emptyAsUndefined, z.enum(['off', 'sandbox', 'mercadopago']).optional()),
  MP_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
  MP_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().max(500).optional()),
  /** Where Mercado Pago sends the seller back: this app's /api/oauth/mercadopago/callback. */
  MP_REDIRECT_URI: z.preprocess(
    emptyAsUndefined,
    z
      .url()
      .refine((value) => /^https?:$/.test(new URL(value).protocol), 'debe ser una URL http(s)')
      .refine(
        (value) => new URL(value).pathname.endsWith(MP_CALLBACK_PATH),
        `debe terminar en ${MP_CALLBACK_PATH} (la vuelta de Mercado Pago a esta app)`,
      )
      .optional(),
  ),
  /** Mercado Pago's authorization page and API (tests point them at a local fake). */
  MP_AUTH_URL: z.preprocess(
    emptyAsUndefined,
    providerUrl.default('https://auth.mercadopago.com.ar'),
  ),
  MP_API_URL: z.preprocess(emptyAsUndefined, providerUrl.default('https://api.mercadopago.com')),
  /**
   * Key of the sellers' tokens at rest (AES-256-GCM): 32 bytes in base64; empty: generated
   * into the database outside production (production refuses to start without it).
   */
  MP_TOKEN_ENCRYPTION_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (value) =>
          /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32,
        'debe ser una clave de 32 bytes en base64 (por ejemplo `openssl rand -base64 32`)',
      )
      .optional(),
  ),
  MAP_TILE_URL: z.preprocess(
    emptyAsUndefined,
    z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  /** How long an order holds its stock while its payments are pending (docs/decisions/024). */
  RESERVA_MINUTOS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1440).default(15),
  ),
  /** The marketplace's fee on each seller's payment, in percent (docs/decisions/025). */
  MP_MARKETPLACE_FEE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().min(0).max(50).default(5),
  ),
  /**
   * Secret of the payment notifications' `x-signature`; empty: derived from the app's key
   * (production with real Mercado Pago refuses to start without it).
   */
  MP_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).max(500).optional()),
  MAP_TILE_ATTRIBUTION: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      ),
  ),
  /**
   * The support contact the screens show (closed groups, a paid order), as people should read
   * it. Empty: the screens show none (no made-up number).
   */
  SUPPORT_PHONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{6,30}$/, 'un teléfono: dígitos, espacios, +, - y paréntesis')
      .optional(),
  ),
  SUPPORT_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  // Operability (issue 23): timeouts and caps of the HTTP server, the drain, the pool, metrics.
  CONNECTION_TIMEOUT_MS: positiveMs(60_000),
  REQUEST_TIMEOUT_MS: positiveMs(30_000),
  HEADERS_TIMEOUT_MS: positiveMs(15_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveMs(72_000),
  MAX_CONNECTIONS_PER_IP: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(100),
  ),
  RATE_LIMIT_CLOSE_AFTER: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(20),
  ),
  SHUTDOWN_DRAIN_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(10_000)),
  DATABASE_POOL_MAX: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(2).max(500).default(10),
  ),
  /** How long a new PostgreSQL connection may take before the request fails with a 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(60_000).default(3_000),
  ),
  /**
   * The longest one statement of the app may run (PostgreSQL's `statement_timeout`; the
   * connection also gives up on an answer that does not come this long plus a second).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(600_000).default(10_000),
  ),
  /** A transaction left idle this long is ended by PostgreSQL, releasing its locks. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(600_000).default(15_000),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'debe tener al menos 16 caracteres').optional(),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  OTEL_SERVICE_NAME: z.preprocess(emptyAsUndefined, z.string().default('compra-grupal-api')),
  /** Where the rate limits count across nodes (adapters/limits); empty: PostgreSQL or memory. */
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'debe ser una URL redis:// o rediss://')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.preprocess(emptyAsUndefined, z.string().max(100).default('compra-grupal:')),
  /**
   * The longest a request waits for one Redis command of the limits; past it the command fails
   * (the limits then count per node) and a few in a row open the circuit (adapters/limits).
   */
  REDIS_COMMAND_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(10).max(10_000).default(200),
  ),
  /**
   * Email (docs/decisions/039): an SMTP server, smtp:// or smtps:// (user:pass@ allowed); empty:
   * the embedded mailbox, which sends nothing (production refuses it unless DEMO_MODE).
   */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(1000)
      // The message never echoes the value: it may hold the SMTP password.
      .refine(esUrlSmtp, 'debe ser una URL smtp:// o smtps:// (usuario:clave@ opcional)')
      .optional(),
  ),
  /** The sender, `Nombre <direccion>` or an address; default Compra Grupal <no-responder@HOST>. */
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(320)
      .refine(
        (value) => parseRemitente(value) !== undefined,
        'debe ser una dirección (avisos@ejemplo.com) o «Nombre <avisos@ejemplo.com>»',
      )
      .optional(),
  ),
  /**
   * The pages of the embedded mailbox, /dev/correos. Default: on in development, and in a demo
   * without SMTP_URL; off in tests and production (production refuses it without DEMO_MODE).
   */
  DEV_MAILBOX: booleanFlag,
  /**
   * Web Push (docs/decisions/055): notices on the person's devices. Default: on outside
   * production; in production, on when both VAPID keys are given.
   */
  PUSH_ENABLED: booleanFlag,
  /**
   * The application server's VAPID key pair (P-256, base64url, as `npx web-push
   * generate-vapid-keys` prints them). Empty: generated once into the database outside
   * production; production with push on refuses to start without them.
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^B[A-Za-z0-9_-]{86}$/,
        'debe ser una clave pública P-256 sin comprimir en base64url (87 caracteres, empieza con B)',
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      // The message never echoes the value: it is a secret.
      .regex(/^[A-Za-z0-9_-]{43}$/, 'debe ser una clave privada P-256 en base64url (43 caracteres)')
      .optional(),
  ),
  /** Who push services may contact about this app: mailto:… or https://…. */
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(320)
      .refine(
        (value) => /^mailto:[^\s@]+@[^\s@]+$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
        'debe ser mailto:dirección o una URL https://',
      )
      .optional(),
  ),
});

/** smtp://host[:port] or smtps://…, credentials optional, nothing else. */
function esUrlSmtp(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A sender's name and address, from `Nombre <dir>` or `dir`; undefined when it is neither. */
export function parseRemitente(value: string): { nombre: string; direccion: string } | undefined {
  const match = /^\s*(?:"?([^"<>\r\n]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const direccion = match?.[2] ?? match?.[3];
  if (!direccion || !z.email().safeParse(direccion).success) return undefined;
  return { nombre: (match?.[1] ?? '').trim(), direccion };
}

/** Placeholders and other guessable values that production refuses as JWT_SECRET. */
const WEAK_SECRET =
  /change|secret|example|password|contrase|compra.?grupal|demo|test|12345|qwerty/i;
const isWeakSecret = (secret: string) => WEAK_SECRET.test(secret) || new Set(secret).size < 12;

/**
 * Defaults that depend on other variables. Google sign-in: real Google when its client is
 * configured; the embedded local issuer ('Modo de prueba') only when asked for by
 * GOOGLE_AUTH_MODE=local or DEMO_MODE=true; otherwise off. Demo data and the OpenAPI page:
 * on outside production, off in production unless enabled.
 */
const configSchema = envSchema
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    return {
      ...env,
      // No default in production: it refuses to start without one (productionRefusals).
      PUBLIC_URL: (env.PUBLIC_URL ?? (production ? '' : `http://localhost:${env.PORT}`)).replace(
        /\/$/,
        '',
      ),
      SEED_DEMO: env.SEED_DEMO ?? !production,
      OPENAPI_ENABLED: env.OPENAPI_ENABLED ?? !production,
      GOOGLE_AUTH_MODE:
        env.GOOGLE_AUTH_MODE ??
        (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? ('google' as const)
          : env.DEMO_MODE
            ? ('local' as const)
            : ('off' as const)),
      MP_MODE:
        env.MP_MODE ??
        (env.MP_CLIENT_ID || env.MP_CLIENT_SECRET || env.MP_REDIRECT_URI
          ? ('mercadopago' as const)
          : !production || env.DEMO_MODE
            ? ('sandbox' as const)
            : ('off' as const)),
      DEV_MAILBOX:
        env.DEV_MAILBOX ?? (env.NODE_ENV === 'development' || (env.DEMO_MODE && !env.SMTP_URL)),
      PUSH_ENABLED:
        env.PUSH_ENABLED ?? (!production || Boolean(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)),
    };
  })
  .refine((env) => env.NODE_ENV !== 'production' || !env.SEED_DEMO || env.DEMO_MODE, {
    path: ['SEED_DEMO'],
    message:
      'en producción los datos de demo (cuentas con contraseña publicada) solo se cargan con DEMO_MODE=true',
  })
  .refine(
    (env) => env.NODE_ENV !== 'production' || env.GOOGLE_AUTH_MODE !== 'local' || env.DEMO_MODE,
    {
      path: ['GOOGLE_AUTH_MODE'],
      message: 'en producción el emisor de prueba (local) solo se usa con DEMO_MODE=true',
    },
  )
  .refine(
    (env) => env.NODE_ENV !== 'production' || !env.JWT_SECRET || !isWeakSecret(env.JWT_SECRET),
    {
      path: ['JWT_SECRET'],
      message:
        'es débil o de ejemplo: en producción usa un valor aleatorio (por ejemplo `openssl rand -base64 48`)',
    },
  )
  .refine(
    (env) =>
      env.GOOGLE_AUTH_MODE !== 'google' || (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    {
      path: ['GOOGLE_CLIENT_ID'],
      message: 'GOOGLE_AUTH_MODE=google necesita GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET',
    },
  )
  .refine((env) => env.STORAGE_PROVIDER !== 's3' || (env.S3_BUCKET && env.S3_PUBLIC_URL), {
    path: ['S3_BUCKET'],
    message: 'STORAGE_PROVIDER=s3 necesita S3_BUCKET y S3_PUBLIC_URL',
  })
  .superRefine((env, context) => {
    if (env.MP_MODE !== 'mercadopago') return;
    // One line per missing credential, each naming its variable.
    for (const name of ['MP_CLIENT_ID', 'MP_CLIENT_SECRET', 'MP_REDIRECT_URI'] as const) {
      if (env[name]) continue;
      context.addIssue({
        code: 'custom',
        path: [name],
        message:
          'falta: Mercado Pago necesita las tres juntas: MP_CLIENT_ID, MP_CLIENT_SECRET y MP_REDIRECT_URI',
      });
    }
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.MP_MODE !== 'sandbox' || env.DEMO_MODE, {
    path: ['MP_MODE'],
    message:
      'en producción el Mercado Pago de prueba (sandbox) solo se usa con DEMO_MODE=true; configura MP_CLIENT_ID, MP_CLIENT_SECRET y MP_REDIRECT_URI',
  })
  .refine((env) => env.NODE_ENV !== 'production' || !env.DEV_MAILBOX || env.DEMO_MODE, {
    path: ['DEV_MAILBOX'],
    message:
      'en producción el buzón /dev/correos (que muestra los correos de todos) solo se abre con DEMO_MODE=true',
  })
  .superRefine((env, context) => {
    // The pair goes together, and the public key is the private one's.
    const problema = problemaDeClavesVapid(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY);
    if (problema) context.addIssue({ code: 'custom', path: [problema[0]], message: problema[1] });
  })
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    path: ['HEADERS_TIMEOUT_MS'],
    message: 'no puede superar a REQUEST_TIMEOUT_MS (los encabezados son parte de la solicitud)',
  })
  .superRefine((env, context) => {
    for (const [name, message] of productionRefusals(env)) {
      context.addIssue({ code: 'custom', path: [name], message });
    }
  });

/** A host that is this machine: nobody outside (Mercado Pago, a browser) reaches it. */
const LOCAL_HOST =
  /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\])$/i;

/**
 * What production (a public demo included) refuses because it cannot work or would keep the
 * secrets beside the data they protect: a database dump alone must not mint admin tokens nor
 * open the sellers' Mercado Pago tokens. One [variable, Spanish message] per problem.
 */
function productionRefusals(env: {
  NODE_ENV: string;
  PUBLIC_URL: string;
  JWT_SECRET?: string | undefined;
  MP_MODE: 'off' | 'sandbox' | 'mercadopago';
  MP_TOKEN_ENCRYPTION_KEY?: string | undefined;
  MP_WEBHOOK_SECRET?: string | undefined;
  SEED_DEMO: boolean;
  SMTP_URL?: string | undefined;
  DEMO_MODE: boolean;
  PUSH_ENABLED: boolean;
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
}): [string, string][] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: [string, string][] = [];
  if (!env.PUBLIC_URL) {
    problems.push([
      'PUBLIC_URL',
      'en producción es obligatoria: la dirección pública de la app (https://…), con la que se arman los avisos y las vueltas de Mercado Pago',
    ]);
  } else if (
    LOCAL_HOST.test(new URL(env.PUBLIC_URL).hostname) &&
    // A demo on one machine: its payments are the sandbox's, which the app notifies itself.
    !(env.DEMO_MODE && env.MP_MODE !== 'mercadopago')
  ) {
    problems.push([
      'PUBLIC_URL',
      `${env.PUBLIC_URL} es esta máquina: en producción debe ser la dirección pública de la app, o Mercado Pago nunca podría avisar un pago`,
    ]);
  }
  if (!env.JWT_SECRET) {
    problems.push([
      'JWT_SECRET',
      'en producción es obligatoria (al menos 32 caracteres, por ejemplo `openssl rand -base64 48`): no se genera ni se guarda en la base de datos',
    ]);
  }
  if (!env.MP_TOKEN_ENCRYPTION_KEY && (env.MP_MODE !== 'off' || env.SEED_DEMO)) {
    problems.push([
      'MP_TOKEN_ENCRYPTION_KEY',
      'en producción, con Mercado Pago (o su modo de prueba), es obligatoria (`openssl rand -base64 32`), guardada fuera de la base de datos: cifra los tokens de los vendedores y no se genera',
    ]);
  }
  if (env.MP_MODE === 'mercadopago' && !env.MP_WEBHOOK_SECRET) {
    problems.push([
      'MP_WEBHOOK_SECRET',
      'en producción con Mercado Pago es obligatoria: la clave secreta de las notificaciones (Webhooks) de tu aplicación en Mercado Pago; sin ella se rechaza toda notificación verdadera',
    ]);
  }
  if (!env.SMTP_URL && !env.DEMO_MODE) {
    problems.push([
      'SMTP_URL',
      'en producción es obligatoria (smtp:// o smtps://, por ejemplo smtps://usuario:clave@smtp.ejemplo.com): sin ella ningún correo (verificaciones, recuperar la contraseña, avisos) sale de la app',
    ]);
  }
  // One key without the other is refused everywhere (problemaDeClavesVapid).
  if (env.PUSH_ENABLED && !env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) {
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const) {
      problems.push([
        name,
        'en producción, con PUSH_ENABLED=true, son obligatorias VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY (generalas una vez con `npx web-push generate-vapid-keys` y guardalas fuera de la base; cambiarlas anula las suscripciones): no se generan',
      ]);
    }
  }
  return problems;
}

/**
 * What is wrong with a VAPID key pair, as [variable, message], or undefined: one key without
 * the other, a private key that is not a P-256 one, a public key that is not its pair. Neither
 * key is ever repeated in the message.
 */
function problemaDeClavesVapid(
  publica: string | undefined,
  privada: string | undefined,
): [string, string] | undefined {
  if (!publica && !privada) return undefined;
  if (!publica) return ['VAPID_PUBLIC_KEY', 'falta: va junto con VAPID_PRIVATE_KEY'];
  if (!privada) return ['VAPID_PRIVATE_KEY', 'falta: va junto con VAPID_PUBLIC_KEY'];
  let derivada: string;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privada, 'base64url'));
    derivada = ecdh.getPublicKey().toString('base64url');
  } catch {
    return ['VAPID_PRIVATE_KEY', 'no es una clave privada P-256 válida'];
  }
  if (derivada !== publica) {
    return ['VAPID_PUBLIC_KEY', 'no es la clave pública de VAPID_PRIVATE_KEY (van en par)'];
  }
  return undefined;
}

/**
 * Whether a missing JWT_SECRET or MP_TOKEN_ENCRYPTION_KEY may be generated once and kept in
 * the database (`app_meta`): in development and tests only, never in production.
 */
export const secretsMayBeGenerated = (config: { NODE_ENV: string }): boolean =>
  config.NODE_ENV !== 'production';

export type Config = z.infer<typeof configSchema>;

/**
 * A demo or a sandbox site (DEMO_MODE, or Mercado Pago's sandbox): no page of it is for search
 * engines, so every page says `noindex` and robots.txt keeps crawlers out (docs/decisions/043).
 */
export const sinIndexar = (config: Pick<Config, 'DEMO_MODE' | 'MP_MODE'>): boolean =>
  config.DEMO_MODE || config.MP_MODE === 'sandbox';

/** The sender of every email: MAIL_FROM, or Compra Grupal <no-responder@PUBLIC_URL's host>. */
export function remitenteDe(config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL'>): {
  nombre: string;
  direccion: string;
} {
  const configurado = config.MAIL_FROM ? parseRemitente(config.MAIL_FROM) : undefined;
  if (configurado) return configurado;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return { nombre: 'Compra Grupal', direccion: `no-responder@${host}` };
}

/**
 * Who the push services may contact about this app (the VAPID `sub`): VAPID_SUBJECT, or
 * mailto:SUPPORT_EMAIL, or mailto:no-responder@PUBLIC_URL's host.
 */
export function sujetoVapid(
  config: Pick<Config, 'VAPID_SUBJECT' | 'SUPPORT_EMAIL' | 'PUBLIC_URL'>,
): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.SUPPORT_EMAIL) return `mailto:${config.SUPPORT_EMAIL}`;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return `mailto:no-responder@${host}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Configuración inválida / Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** The one place that reads the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const line = (issue: z.core.$ZodIssue) => `${issue.path.join('.')}: ${issue.message}`;
  const problems = parsed.error.issues.map(line);
  // A variable that fails its own check stops the checks across variables (production's
  // refusals among them): run those again without the failing variables, so that one start
  // lists every problem.
  const failing = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const rest = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([name]) => !failing.has(name))),
  );
  for (const issue of rest.error?.issues ?? []) {
    if (!failing.has(String(issue.path[0]))) problems.push(line(issue));
  }
  throw new ConfigError(problems);
}
