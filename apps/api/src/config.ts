import { isIP } from 'node:net';
import { z } from 'zod';

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
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value, context): false | number | string[] => {
        if (value === undefined || value === 'false' || value === '0') return false;
        if (/^\d{1,2}$/.test(value)) return Number(value);
        const proxies = value.split(',').map((entry) => entry.trim());
        if (proxies.every((entry) => isIP(entry.split('/')[0] ?? '') !== 0)) return proxies;
        context.addIssue({
          code: 'custom',
          message:
            'debe ser false, la cantidad de proxies delante (1, 2…) o una lista de direcciones o redes de proxies (10.0.0.1,10.0.0.0/8)',
        });
        return z.NEVER;
      }),
  ),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
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
  /** Key of the sellers' tokens at rest (AES-256-GCM): 32 bytes in base64; empty: generated. */
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
  /** Secret of the payment notifications' `x-signature`; empty: derived from the app's key. */
  MP_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).max(500).optional()),
  MAP_TILE_ATTRIBUTION: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      ),
  ),
});

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
      PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
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
        'es débil o de ejemplo: en producción usa un valor aleatorio (por ejemplo `openssl rand -base64 48`) o déjalo vacío para generarlo',
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
  .refine(
    (env) =>
      env.MP_MODE !== 'mercadopago' ||
      (env.MP_CLIENT_ID && env.MP_CLIENT_SECRET && env.MP_REDIRECT_URI),
    {
      path: ['MP_CLIENT_ID'],
      message:
        'Mercado Pago necesita las tres juntas: MP_CLIENT_ID, MP_CLIENT_SECRET y MP_REDIRECT_URI',
    },
  )
  .refine((env) => env.NODE_ENV !== 'production' || env.MP_MODE !== 'sandbox' || env.DEMO_MODE, {
    path: ['MP_MODE'],
    message:
      'en producción el Mercado Pago de prueba (sandbox) solo se usa con DEMO_MODE=true; configura MP_CLIENT_ID, MP_CLIENT_SECRET y MP_REDIRECT_URI',
  });

export type Config = z.infer<typeof configSchema>;

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
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return parsed.data;
}
