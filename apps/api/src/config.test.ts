import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, remitenteDe, sujetoVapid } from './config';
import { redactText } from './lib/logger';

describe('loadConfig', () => {
  it('defaults to the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO: true,
      NODE_ENV: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.RATE_LIMIT_MAX).toBeGreaterThan(0);
  });

  it('reads values and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '8080', SEED_DEMO: 'false', DATABASE_URL: '', DATA_DIR: '' });
    expect(config.PORT).toBe(8080);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./data');
  });

  it('names every invalid variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'tres mil', DATABASE_URL: 'mysql://x', SEED_DEMO: 'quizas' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toContain('Configuración inválida');
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SEED_DEMO');
  });

  it('takes a support phone and email as given, none by default, and refuses what is neither', () => {
    expect(loadConfig({}).SUPPORT_PHONE).toBeUndefined();
    expect(loadConfig({}).SUPPORT_EMAIL).toBeUndefined();
    const config = loadConfig({
      SUPPORT_PHONE: ' +54 11 4321-5678 ',
      SUPPORT_EMAIL: 'soporte@compragrupal.com.ar',
    });
    expect(config.SUPPORT_PHONE).toBe('+54 11 4321-5678');
    expect(config.SUPPORT_EMAIL).toBe('soporte@compragrupal.com.ar');
    expect(() => loadConfig({ SUPPORT_PHONE: 'llamanos' })).toThrow(/SUPPORT_PHONE/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'soporte' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('takes a redis:// or rediss:// REDIS_URL for the shared limits, and nothing else', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({}).REDIS_KEY_PREFIX).toBe('compra-grupal:');
    const config = loadConfig({
      REDIS_URL: 'rediss://:clave@redis.interno:6380/2',
      REDIS_KEY_PREFIX: 'tienda-b:',
    });
    expect(config.REDIS_URL).toBe('rediss://:clave@redis.interno:6380/2');
    expect(config.REDIS_KEY_PREFIX).toBe('tienda-b:');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL: debe ser una URL redis:\/\/ o rediss:\/\//,
    );
  });

  it('stores uploads on disk by default; an S3 bucket needs its name and public URL', () => {
    expect(loadConfig({}).STORAGE_PROVIDER).toBe('local');
    expect(() => loadConfig({ STORAGE_PROVIDER: 's3' })).toThrow(/S3_BUCKET/);
    const s3 = loadConfig({
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'compra-grupal',
      S3_PUBLIC_URL: 'https://cdn.compragrupal.com.ar',
    });
    expect(s3).toMatchObject({ STORAGE_PROVIDER: 's3', S3_REGION: 'us-east-1' });
  });

  describe('Mercado Pago (MP_*)', () => {
    const credenciales = {
      MP_CLIENT_ID: '1234567890123456',
      MP_CLIENT_SECRET: 'secreto-del-cliente',
      MP_REDIRECT_URI: 'https://compragrupal.com.ar/api/oauth/mercadopago/callback',
    };
    /** What production needs whatever Mercado Pago does (see the production block below). */
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://compragrupal.com.ar',
      JWT_SECRET: 'Qm8v1Xr4LzT0pK9sWc2Ne7Hy5Ab3Ud6Fj0Go4Ri8Vl1=',
      MP_TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      SMTP_URL: 'smtp://127.0.0.1:2525',
    };
    const problemas = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it('links with the sandbox outside production, and with Mercado Pago given its credentials', () => {
      expect(loadConfig({})).toMatchObject({
        MP_MODE: 'sandbox',
        MP_AUTH_URL: 'https://auth.mercadopago.com.ar',
        MP_API_URL: 'https://api.mercadopago.com',
      });
      expect(loadConfig(credenciales).MP_MODE).toBe('mercadopago');
      expect(
        loadConfig({ ...credenciales, ...production, MP_WEBHOOK_SECRET: 'clave-de-los-webhooks' })
          .MP_MODE,
      ).toBe('mercadopago');
      expect(loadConfig({ MP_MODE: 'off' }).MP_MODE).toBe('off');
    });

    it('in production the sandbox is off unless DEMO_MODE, and refused when asked for without it', () => {
      expect(loadConfig(production).MP_MODE).toBe('off');
      expect(loadConfig({ ...production, DEMO_MODE: 'true' }).MP_MODE).toBe('sandbox');
      expect(problemas({ ...production, MP_MODE: 'sandbox' })).toEqual([
        expect.stringMatching(/^MP_MODE: .*DEMO_MODE=true/),
      ]);
    });

    it('needs the three credentials together, one line naming each missing one', () => {
      for (const falta of Object.keys(credenciales)) {
        const env = { ...credenciales, [falta]: '' };
        expect(problemas(env), falta).toEqual([
          expect.stringMatching(
            new RegExp(`^${falta}: falta: .*MP_CLIENT_ID, MP_CLIENT_SECRET y MP_REDIRECT_URI`),
          ),
        ]);
      }
      expect(problemas({ MP_MODE: 'mercadopago' })).toEqual([
        expect.stringMatching(/^MP_CLIENT_ID: falta/),
        expect.stringMatching(/^MP_CLIENT_SECRET: falta/),
        expect.stringMatching(/^MP_REDIRECT_URI: falta/),
      ]);
    });

    it('checks the redirect URI, the provider URLs and the encryption key', () => {
      expect(
        problemas({ ...credenciales, MP_REDIRECT_URI: 'https://compragrupal.com.ar/otra' }),
      ).toEqual([expect.stringMatching(/^MP_REDIRECT_URI: .*\/api\/oauth\/mercadopago\/callback/)]);
      expect(problemas({ MP_API_URL: 'http://api.mercadopago.com' })).toEqual([
        expect.stringMatching(/^MP_API_URL: debe ser https/),
      ]);
      expect(problemas({ MP_AUTH_URL: 'http://127.0.0.1:4010' })).toEqual([]);
      expect(problemas({ MP_TOKEN_ENCRYPTION_KEY: 'corta' })).toEqual([
        expect.stringMatching(/^MP_TOKEN_ENCRYPTION_KEY: debe ser una clave de 32 bytes/),
      ]);
      const clave = Buffer.alloc(32, 7).toString('base64');
      expect(loadConfig({ MP_TOKEN_ENCRYPTION_KEY: clave }).MP_TOKEN_ENCRYPTION_KEY).toBe(clave);
    });
  });
  describe('production (NODE_ENV=production) refuses what cannot work, one line per variable', () => {
    const JWT_SECRET = 'Qm8v1Xr4LzT0pK9sWc2Ne7Hy5Ab3Ud6Fj0Go4Ri8Vl1=';
    const MP_TOKEN_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');
    const produccion = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://compragrupal.com.ar',
      JWT_SECRET,
      SMTP_URL: 'smtps://avisos:clave@smtp.compragrupal.com.ar',
    };
    const mercadoPago = {
      MP_CLIENT_ID: '1234567890123456',
      MP_CLIENT_SECRET: 'secreto-del-cliente',
      MP_REDIRECT_URI: 'https://compragrupal.com.ar/api/oauth/mercadopago/callback',
      MP_WEBHOOK_SECRET: 'clave-de-los-webhooks-de-mp',
      MP_TOKEN_ENCRYPTION_KEY,
    };
    const problemas = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
    };

    it('starts with a public URL and a JWT secret (Mercado Pago off), and with real Mercado Pago complete', () => {
      expect(problemas(produccion)).toEqual([]);
      expect(loadConfig(produccion)).toMatchObject({
        PUBLIC_URL: 'https://compragrupal.com.ar',
        MP_MODE: 'off',
      });
      expect(loadConfig({ ...produccion, ...mercadoPago }).MP_MODE).toBe('mercadopago');
    });

    it('names every problem of an empty production environment, one line each', () => {
      expect(problemas({ NODE_ENV: 'production' })).toEqual([
        expect.stringMatching(/^PUBLIC_URL: en producción es obligatoria/),
        expect.stringMatching(/^JWT_SECRET: en producción es obligatoria/),
        expect.stringMatching(/^SMTP_URL: en producción es obligatoria/),
      ]);
    });

    it('lists the production refusals in the same start as a variable that fails its own check', () => {
      expect(problemas({ NODE_ENV: 'production', PORT: 'tres mil', TRUST_PROXY: '99' })).toEqual([
        expect.stringMatching(/^PORT: /),
        expect.stringMatching(/^TRUST_PROXY: 99 proxies es demasiado/),
        expect.stringMatching(/^PUBLIC_URL: en producción es obligatoria/),
        expect.stringMatching(/^JWT_SECRET: en producción es obligatoria/),
        expect.stringMatching(/^SMTP_URL: en producción es obligatoria/),
      ]);
    });

    it('refuses no PUBLIC_URL (the localhost default is for development only)', () => {
      expect(problemas({ ...produccion, PUBLIC_URL: '' })).toEqual([
        expect.stringMatching(/^PUBLIC_URL: en producción es obligatoria/),
      ]);
      expect(loadConfig({ PORT: '4321' }).PUBLIC_URL).toBe('http://localhost:4321');
      expect(loadConfig({ NODE_ENV: 'test' }).PUBLIC_URL).toBe('http://localhost:3000');
    });

    it('refuses a PUBLIC_URL that is this machine', () => {
      for (const PUBLIC_URL of [
        'http://localhost:3000',
        'https://LOCALHOST',
        'http://tienda.localhost:8080',
        'http://127.0.0.1:3000',
        'http://127.8.9.10',
        'http://[::1]:3000',
        'http://[::ffff:127.0.0.1]:3000',
        'http://0.0.0.0:3000',
      ]) {
        expect(problemas({ ...produccion, PUBLIC_URL }), PUBLIC_URL).toEqual([
          expect.stringMatching(/^PUBLIC_URL: .* es esta máquina: en producción debe ser/),
        ]);
      }
    });

    it('takes this machine as PUBLIC_URL for a demo whose payments are the sandbox’s, not with real Mercado Pago', () => {
      const demo = {
        ...produccion,
        PUBLIC_URL: 'http://127.0.0.1:8080',
        DEMO_MODE: 'true',
        MP_TOKEN_ENCRYPTION_KEY,
      };
      expect(problemas(demo)).toEqual([]);
      expect(problemas({ ...demo, ...mercadoPago, PUBLIC_URL: 'http://127.0.0.1:8080' })).toEqual([
        expect.stringMatching(/^PUBLIC_URL: .* es esta máquina/),
      ]);
    });

    it('refuses a missing JWT_SECRET (never generated into the database)', () => {
      expect(problemas({ ...produccion, JWT_SECRET: '' })).toEqual([
        expect.stringMatching(/^JWT_SECRET: en producción es obligatoria .*no se genera/),
      ]);
      // Outside production it may stay empty: one is generated and kept in app_meta.
      expect(loadConfig({}).JWT_SECRET).toBeUndefined();
    });

    it('refuses a short JWT_SECRET', () => {
      expect(problemas({ ...produccion, JWT_SECRET: 'Qm8v1Xr4LzT0pK9sWc2N' })).toEqual([
        expect.stringMatching(/^JWT_SECRET: debe tener al menos 32 caracteres/),
      ]);
    });

    it('refuses real Mercado Pago without MP_WEBHOOK_SECRET', () => {
      expect(problemas({ ...produccion, ...mercadoPago, MP_WEBHOOK_SECRET: '' })).toEqual([
        expect.stringMatching(/^MP_WEBHOOK_SECRET: en producción con Mercado Pago es obligatoria/),
      ]);
      // Outside production the secret is derived from the app's key (the tests' fakes sign with it).
      expect(problemas({ ...mercadoPago, MP_WEBHOOK_SECRET: '' })).toEqual([]);
    });

    it('refuses real Mercado Pago without MP_TOKEN_ENCRYPTION_KEY', () => {
      expect(problemas({ ...produccion, ...mercadoPago, MP_TOKEN_ENCRYPTION_KEY: '' })).toEqual([
        expect.stringMatching(/^MP_TOKEN_ENCRYPTION_KEY: en producción.* es obligatoria/),
      ]);
    });

    it('refuses real Mercado Pago without MP_REDIRECT_URI', () => {
      expect(problemas({ ...produccion, ...mercadoPago, MP_REDIRECT_URI: '' })).toEqual([
        expect.stringMatching(/^MP_REDIRECT_URI: falta/),
      ]);
    });

    it('a public demo is production too: its sandbox needs MP_TOKEN_ENCRYPTION_KEY and JWT_SECRET', () => {
      const demo = { ...produccion, DEMO_MODE: 'true' };
      expect(problemas(demo)).toEqual([expect.stringMatching(/^MP_TOKEN_ENCRYPTION_KEY: /)]);
      expect(problemas({ ...demo, MP_TOKEN_ENCRYPTION_KEY, JWT_SECRET: '' })).toEqual([
        expect.stringMatching(/^JWT_SECRET: en producción es obligatoria/),
      ]);
      expect(loadConfig({ ...demo, MP_TOKEN_ENCRYPTION_KEY }).MP_MODE).toBe('sandbox');
      // Demo data seals sandbox tokens even with Mercado Pago off.
      expect(problemas({ ...demo, MP_MODE: 'off', SEED_DEMO: 'true' })).toEqual([
        expect.stringMatching(/^MP_TOKEN_ENCRYPTION_KEY: /),
      ]);
    });
  });

  describe('TRUST_PROXY: false, 1 to 5 proxies, or ranges no wider than /8 (IPv4) and /32 (IPv6)', () => {
    const trustProxy = (value: string) => {
      try {
        return { value: loadConfig({ TRUST_PROXY: value }).TRUST_PROXY };
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return { problems: (error as ConfigError).problems };
      }
    };

    it.each([
      ['false', false],
      ['0', false],
      ['1', 1],
      ['5', 5],
      ['10.0.0.0/8', ['10.0.0.0/8']],
      ['2001:db8::/32', ['2001:db8::/32']],
      [
        '10.0.0.7, 192.168.0.0/16, 2001:db8:1::/48',
        ['10.0.0.7', '192.168.0.0/16', '2001:db8:1::/48'],
      ],
      ['::ffff:10.0.0.0/104', ['::ffff:10.0.0.0/104']],
    ])('accepts %s', (value, expected) => {
      expect(trustProxy(value)).toEqual({ value: expected });
    });

    it.each([
      ['6', /^TRUST_PROXY: 6 proxies es demasiado: .*de 1 a 5/],
      ['99', /^TRUST_PROXY: 99 proxies es demasiado/],
      ['true', /^TRUST_PROXY: true confiaría en el X-Forwarded-For de cualquier cliente/],
      ['10.0.0.0/7', /^TRUST_PROXY: «10\.0\.0\.0\/7» es una red demasiado amplia: .*\/8 en IPv4/],
      ['0.0.0.0/0', /^TRUST_PROXY: «0\.0\.0\.0\/0» es una red demasiado amplia/],
      [
        '0.0.0.0/1,128.0.0.0/1',
        /^TRUST_PROXY: «0\.0\.0\.0\/1», «128\.0\.0\.0\/1» son redes demasiado amplias: /,
      ],
      ['::/0', /^TRUST_PROXY: «::\/0» es una red demasiado amplia/],
      [
        '2001:db8::/31',
        /^TRUST_PROXY: «2001:db8::\/31» es una red demasiado amplia: .*\/32 en IPv6/,
      ],
      // IPv4-mapped ranges are IPv4 ranges to proxy-addr: ::/32 holds every IPv4 client.
      ['::/32', /^TRUST_PROXY: «::\/32» es una red demasiado amplia/],
      ['::ffff:0.0.0.0/96', /^TRUST_PROXY: «::ffff:0\.0\.0\.0\/96» es una red demasiado amplia/],
      ['10.0.0.1/33', /^TRUST_PROXY: «10\.0\.0\.1\/33» no es una red válida/],
      ['10.0.0.0/255.0.0.0', /^TRUST_PROXY: «10\.0\.0\.0\/255\.0\.0\.0» no es una red válida/],
      ['cualquiera', /^TRUST_PROXY: «cualquiera» no es una dirección IP/],
      ['loopback', /^TRUST_PROXY: «loopback» no es una dirección IP/],
      ['fe80::1%eth0', /^TRUST_PROXY: «fe80::1%eth0» no es una dirección IP/],
      ['10.0.0.1,,10.0.0.2', /^TRUST_PROXY: «» no es una dirección IP/],
    ])('refuses %s with one line naming TRUST_PROXY', (value, message) => {
      expect(trustProxy(value)).toEqual({ problems: [expect.stringMatching(message)] });
    });
  });

  describe('operability (issue 23)', () => {
    it('sets timeouts, the connection cap, the drain and the pool by default', () => {
      expect(loadConfig({})).toMatchObject({
        CONNECTION_TIMEOUT_MS: 60_000,
        REQUEST_TIMEOUT_MS: 30_000,
        HEADERS_TIMEOUT_MS: 15_000,
        KEEP_ALIVE_TIMEOUT_MS: 72_000,
        MAX_CONNECTIONS_PER_IP: 100,
        RATE_LIMIT_CLOSE_AFTER: 20,
        SHUTDOWN_DRAIN_MS: 10_000,
        DATABASE_POOL_MAX: 10,
      });
      const config = loadConfig({});
      expect(config.METRICS_TOKEN).toBeUndefined();
      expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    });

    it('refuses a timeout of 0, headers allowed longer than the request, a short metrics token', () => {
      const problems = (env: Record<string, string>) => {
        try {
          loadConfig(env);
          return [];
        } catch (error) {
          return (error as ConfigError).problems;
        }
      };
      expect(problems({ REQUEST_TIMEOUT_MS: '0' })[0]).toMatch(/^REQUEST_TIMEOUT_MS: /);
      expect(problems({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toEqual([
        'HEADERS_TIMEOUT_MS: no puede superar a REQUEST_TIMEOUT_MS (los encabezados son parte de la solicitud)',
      ]);
      expect(problems({ METRICS_TOKEN: 'corto' })).toEqual([
        'METRICS_TOKEN: debe tener al menos 16 caracteres',
      ]);
      expect(problems({ DATABASE_POOL_MAX: '1' })[0]).toMatch(/^DATABASE_POOL_MAX: /);
    });
  });

  describe('email: SMTP_URL, MAIL_FROM and the development mailbox (docs/decisions/039)', () => {
    const produccion = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://compragrupal.com.ar',
      JWT_SECRET: 'Qm8v1Xr4LzT0pK9sWc2Ne7Hy5Ab3Ud6Fj0Go4Ri8Vl1=',
    };
    const problemas = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
    };

    it('production refuses to start without SMTP_URL, unless it is a demo (the embedded mailbox)', () => {
      expect(problemas(produccion)).toEqual([
        expect.stringMatching(/^SMTP_URL: en producción es obligatoria \(smtp:\/\/ o smtps:\/\//),
      ]);
      expect(problemas({ ...produccion, SMTP_URL: 'smtps://smtp.compragrupal.com.ar' })).toEqual(
        [],
      );
      const demo = { ...produccion, DEMO_MODE: 'true', MP_MODE: 'off' };
      expect(problemas(demo)).toEqual([]);
      // Outside production the embedded mailbox is the default.
      expect(loadConfig({}).SMTP_URL).toBeUndefined();
    });

    it('takes smtp:// and smtps:// with credentials, and never repeats a refused value', () => {
      const url = 'smtps://avisos%40compragrupal.com.ar:cl%40ve-secreta@smtp.example.com:465';
      expect(loadConfig({ SMTP_URL: url }).SMTP_URL).toBe(url);
      expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1025' }).SMTP_URL).toBe(
        'smtp://127.0.0.1:1025',
      );
      for (const SMTP_URL of [
        'https://usuario:clave-secreta@smtp.example.com',
        'smtp://',
        'cualquiera',
      ]) {
        const lineas = problemas({ SMTP_URL });
        expect(lineas, SMTP_URL).toEqual([
          expect.stringMatching(/^SMTP_URL: debe ser una URL smtp:\/\/ o smtps:\/\//),
        ]);
        expect(lineas.join('\n')).not.toContain('clave-secreta');
      }
      // Wherever a URL with credentials reaches a log line, the credentials are hidden.
      expect(redactText(`fallo al conectar con ${url}`)).toBe(
        'fallo al conectar con smtps://[oculto]@smtp.example.com:465',
      );
    });

    it('sends from MAIL_FROM, or Compra Grupal <no-responder@PUBLIC_URL host>', () => {
      expect(remitenteDe(loadConfig({ PUBLIC_URL: 'https://compras.example.com.ar' }))).toEqual({
        nombre: 'Compra Grupal',
        direccion: 'no-responder@compras.example.com.ar',
      });
      expect(remitenteDe(loadConfig({ MAIL_FROM: 'Avisos <avisos@compragrupal.com.ar>' }))).toEqual(
        {
          nombre: 'Avisos',
          direccion: 'avisos@compragrupal.com.ar',
        },
      );
      expect(remitenteDe(loadConfig({ MAIL_FROM: 'avisos@compragrupal.com.ar' }))).toEqual({
        nombre: '',
        direccion: 'avisos@compragrupal.com.ar',
      });
      for (const MAIL_FROM of ['Avisos', 'Avisos <no es una dirección>', 'a@b.c\r\nBcc: x@y.z']) {
        expect(problemas({ MAIL_FROM }), MAIL_FROM).toEqual([
          expect.stringMatching(/^MAIL_FROM: /),
        ]);
      }
    });

    it('opens /dev/correos in development and a demo without SMTP, never in production otherwise', () => {
      expect(loadConfig({}).DEV_MAILBOX).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test' }).DEV_MAILBOX).toBe(false);
      expect(loadConfig({ NODE_ENV: 'test', DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true);
      expect(loadConfig({ ...produccion, SMTP_URL: 'smtp://smtp.example.com' }).DEV_MAILBOX).toBe(
        false,
      );
      const demo = { ...produccion, DEMO_MODE: 'true', MP_MODE: 'off' };
      expect(loadConfig(demo).DEV_MAILBOX).toBe(true);
      // A demo that sends real mail does not show it to everyone.
      expect(loadConfig({ ...demo, SMTP_URL: 'smtp://smtp.example.com' }).DEV_MAILBOX).toBe(false);
      expect(
        problemas({ ...produccion, SMTP_URL: 'smtp://smtp.example.com', DEV_MAILBOX: 'true' }),
      ).toEqual([expect.stringMatching(/^DEV_MAILBOX: en producción .*DEMO_MODE=true/)]);
    });
  });

  describe('Web Push: PUSH_ENABLED and the VAPID keys (docs/decisions/055)', () => {
    const produccion = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://compragrupal.com.ar',
      JWT_SECRET: 'Qm8v1Xr4LzT0pK9sWc2Ne7Hy5Ab3Ud6Fj0Go4Ri8Vl1=',
      SMTP_URL: 'smtps://avisos:clave@smtp.compragrupal.com.ar',
    };
    const par = () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
        VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
          .subarray(-32)
          .toString('base64url'),
      };
    };
    const problemas = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
    };

    it('is on outside production (keys generated into the database); in production, with its keys', () => {
      expect(loadConfig({}).PUSH_ENABLED).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test' }).PUSH_ENABLED).toBe(true);
      expect(loadConfig({ PUSH_ENABLED: 'false' }).PUSH_ENABLED).toBe(false);
      expect(loadConfig(produccion).PUSH_ENABLED).toBe(false);
      expect(loadConfig({ ...produccion, ...par() }).PUSH_ENABLED).toBe(true);
    });

    it('production refuses push on without its keys, naming both, never generating them', () => {
      expect(problemas({ ...produccion, PUSH_ENABLED: 'true' })).toEqual([
        expect.stringMatching(
          /^VAPID_PUBLIC_KEY: en producción, con PUSH_ENABLED=true, son obligatorias/,
        ),
        expect.stringMatching(
          /^VAPID_PRIVATE_KEY: en producción, con PUSH_ENABLED=true, son obligatorias/,
        ),
      ]);
    });

    it('refuses one key without the other, a public key that is not the pair, and never repeats the private one', () => {
      const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = par();
      expect(problemas({ VAPID_PUBLIC_KEY })).toEqual([
        'VAPID_PRIVATE_KEY: falta: va junto con VAPID_PUBLIC_KEY',
      ]);
      expect(problemas({ VAPID_PRIVATE_KEY })).toEqual([
        'VAPID_PUBLIC_KEY: falta: va junto con VAPID_PRIVATE_KEY',
      ]);
      const otra = par();
      expect(problemas({ VAPID_PUBLIC_KEY: otra.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY })).toEqual([
        'VAPID_PUBLIC_KEY: no es la clave pública de VAPID_PRIVATE_KEY (van en par)',
      ]);
      const corta = problemas({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: `${VAPID_PRIVATE_KEY}x` });
      expect(corta).toEqual([
        expect.stringMatching(/^VAPID_PRIVATE_KEY: debe ser una clave privada/),
      ]);
      expect(corta.join('')).not.toContain(VAPID_PRIVATE_KEY);
      expect(problemas({ VAPID_PUBLIC_KEY: 'AAAA', VAPID_PRIVATE_KEY })).toEqual([
        expect.stringMatching(/^VAPID_PUBLIC_KEY: debe ser una clave pública P-256/),
      ]);
    });

    it('signs as VAPID_SUBJECT, or the support email, or no-responder@ the public host', () => {
      expect(problemas({ VAPID_SUBJECT: 'http://compragrupal.com.ar' })).toEqual([
        'VAPID_SUBJECT: debe ser mailto:dirección o una URL https://',
      ]);
      expect(sujetoVapid(loadConfig({ VAPID_SUBJECT: 'mailto:push@compragrupal.com.ar' }))).toBe(
        'mailto:push@compragrupal.com.ar',
      );
      expect(sujetoVapid(loadConfig({ SUPPORT_EMAIL: 'ayuda@compragrupal.com.ar' }))).toBe(
        'mailto:ayuda@compragrupal.com.ar',
      );
      expect(sujetoVapid(loadConfig(produccion))).toBe('mailto:no-responder@compragrupal.com.ar');
    });
  });
});
