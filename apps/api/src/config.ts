import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0'], { message: 'debe ser true o false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
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
  SEED_DEMO: booleanFlag.transform((value) => value ?? true),
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
  TRUST_PROXY: booleanFlag.transform((value) => value ?? false),
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
  MAP_TILE_URL: z.preprocess(
    emptyAsUndefined,
    z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  MAP_TILE_ATTRIBUTION: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      ),
  ),
});

/**
 * Google sign-in: real Google when its client is configured; otherwise the embedded local
 * issuer outside production, and off in production.
 */
const configSchema = envSchema
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    GOOGLE_AUTH_MODE:
      env.GOOGLE_AUTH_MODE ??
      (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? ('google' as const)
        : env.NODE_ENV === 'production'
          ? ('off' as const)
          : ('local' as const)),
  }))
  .refine(
    (env) =>
      env.GOOGLE_AUTH_MODE !== 'google' || (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    {
      path: ['GOOGLE_CLIENT_ID'],
      message: 'GOOGLE_AUTH_MODE=google necesita GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET',
    },
  );

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
