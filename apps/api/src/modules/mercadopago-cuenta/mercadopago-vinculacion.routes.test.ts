import { VINCULACION_MENSAJES } from '@compra-grupal/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MercadoPagoFake,
  startMercadoPagoFake,
} from '../../adapters/payments/mercadopago-fake.test-server';
import { cuentasMercadoPago, tiendas, vinculacionesMercadoPago } from '../../db/schema';
import { type LoggedIn, registerAndLogin } from '../../test/auth-helpers';
import { resolveMercadoPagoKey } from './mercadopago-cuenta-de-prueba';
import { NAVEGADOR_COOKIE } from './mercadopago-vinculacion.routes';
import { createCifradoMercadoPago } from './mercadopago-vinculacion.service';
import { createPagoTestApp, darTienda, type PagoTestApp } from './mercadopago-vinculacion.test-app';

const CALLBACK = '/api/oauth/mercadopago/callback';

/** A seller with a store, and the browser cookie its link requests are bound to. */
interface Vendedor extends LoggedIn {
  tiendaId: string;
  navegador?: string;
}

const nuevoVendedor = async (t: PagoTestApp): Promise<Vendedor> => {
  const usuario = await registerAndLogin(t.app);
  return { ...usuario, tiendaId: await darTienda(t.database, usuario.userId) };
};

const iniciar = async (t: PagoTestApp, vendedor: Vendedor, userId = vendedor.userId) => {
  const res = await t.app.inject({
    url: `/api/oauth/mercadopago/iniciar/${userId}`,
    headers: vendedor.auth,
    cookies: vendedor.navegador ? { [NAVEGADOR_COOKIE]: vendedor.navegador } : {},
  });
  const cookie = res.cookies.find((c) => c.name === NAVEGADOR_COOKIE);
  if (cookie) vendedor.navegador = cookie.value;
  return res;
};

const verificar = (t: PagoTestApp, quien: LoggedIn, userId = quien.userId) =>
  t.app.inject({ url: `/api/oauth/mercadopago/verificar/${userId}`, headers: quien.auth });

/** The browser arriving at the callback (with its cookie, or another's). */
const callback = (t: PagoTestApp, params: URLSearchParams | string, navegador?: string) =>
  t.app.inject({
    url: `${CALLBACK}?${params.toString()}`,
    cookies: navegador ? { [NAVEGADOR_COOKIE]: navegador } : {},
  });

/** Where the callback sent the browser: the web app's result screen and its query. */
function resultado(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string, 'http://x');
  expect(location.pathname).toBe('/mercadopago-callback');
  return Object.fromEntries(location.searchParams);
}
const exito = { success: 'true', mensaje: VINCULACION_MENSAJES.exito };
const falla = (mensaje: string) => ({ success: 'false', error: 'true', mensaje });

const cuentaDe = async (t: PagoTestApp, usuarioId: string) =>
  (
    await t.database.db
      .select()
      .from(cuentasMercadoPago)
      .where(eq(cuentasMercadoPago.usuarioId, usuarioId))
  )[0];
const tiendaDe = async (t: PagoTestApp, tiendaId: string) =>
  (await t.database.db.select().from(tiendas).where(eq(tiendas.id, tiendaId)))[0];

describe('Mercado Pago account linking with the sandbox (the default)', () => {
  let t: PagoTestApp;
  beforeAll(async () => {
    t = await createPagoTestApp();
  });
  afterAll(() => t.close());

  /** The consent page of an authorization address, as the browser opens it. */
  const paginaDeConsentimiento = (authUrl: string) => {
    const url = new URL(authUrl);
    return t.app.inject({ url: url.pathname + url.search });
  };

  /** Presses a button of the consent page; answers the callback address it sends to. */
  async function responder(authUrl: string, decision: 'autorizar' | 'cancelar') {
    const pagina = await paginaDeConsentimiento(authUrl);
    const campos = Object.fromEntries(
      [...pagina.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map(
        ([, nombre, valor]) => [nombre, (valor ?? '').replaceAll('&amp;', '&')],
      ),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/mercadopago/autorizar',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...campos, decision }).toString(),
    });
    expect(res.statusCode).toBe(302);
    const vuelta = new URL(res.headers.location as string);
    expect(vuelta.pathname).toBe(CALLBACK);
    return vuelta.searchParams;
  }

  const autUrl = async (vendedor: Vendedor) => {
    const res = await iniciar(t, vendedor);
    expect(res.statusCode).toBe(200);
    return res.json().authUrl as string;
  };

  it('links the account end to end: iniciar, the consent page, Autorizar, the callback, verificar', async () => {
    const vendedor = await nuevoVendedor(t);
    expect((await verificar(t, vendedor)).json()).toEqual({ vinculado: false });

    const res = await iniciar(t, vendedor);
    expect(res.statusCode).toBe(200);
    const authUrl = new URL(res.json().authUrl);
    expect(authUrl.href).toMatch(
      /^http:\/\/localhost:3000\/api\/sandbox\/mercadopago\/autorizar\?/,
    );
    expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
      client_id: 'compra-grupal-sandbox',
      response_type: 'code',
      platform_id: 'mp',
      redirect_uri: `http://localhost:3000${CALLBACK}`,
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{22}\.[\w-]{43}$/),
    });
    const cookie = res.cookies.find((c) => c.name === NAVEGADOR_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/oauth/mercadopago',
      maxAge: 600,
    });

    const pagina = await paginaDeConsentimiento(authUrl.href);
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['content-type']).toMatch(/^text\/html/);
    for (const texto of ['Modo de prueba', 'Compra Grupal', 'Autorizar', 'Cancelar']) {
      expect(pagina.body).toContain(texto);
    }
    expect(pagina.body).toContain('lang="es-AR"');
    expect(pagina.body).toContain('name="viewport"');
    // Nothing the Content-Security-Policy would block: no script, nothing from elsewhere.
    expect(pagina.body).not.toMatch(/<script|src="http|href="http/);
    expect(pagina.headers['content-security-policy']).toMatch(/form-action 'self'/);

    const vuelta = await responder(authUrl.href, 'autorizar');
    expect(vuelta.get('state')).toBe(authUrl.searchParams.get('state'));
    expect(vuelta.get('code')).toBeTruthy();
    expect(resultado(await callback(t, vuelta, vendedor.navegador))).toEqual(exito);

    expect((await verificar(t, vendedor)).json()).toEqual({ vinculado: true });
    const cuenta = await cuentaDe(t, vendedor.userId);
    const tienda = await tiendaDe(t, vendedor.tiendaId);
    expect(tienda).toMatchObject({ mpVinculado: true, mpUsuarioId: cuenta?.mpUsuarioId });
    expect(cuenta).toMatchObject({
      tiendaId: vendedor.tiendaId,
      origen: 'sandbox',
      mpUsuarioId: expect.stringMatching(/^\d{9}$/),
      renovandoHasta: null,
    });
    // Six hours of token, from the app's clock.
    expect(cuenta?.expiraEn.getTime()).toBe(t.clock.now().getTime() + 6 * 60 * 60_000);

    // At rest the tokens are sealed: the columns hold neither token, and they open with the key.
    const accessToken = await t.app.services.mercadoPago.accessTokenVigente(vendedor.userId);
    expect(accessToken).toMatch(/^APP_USR-SBX\./);
    const { caja } = createCifradoMercadoPago(await resolveMercadoPagoKey(t.database.db));
    const refreshToken = caja.open(
      cuenta?.refreshTokenCifrado ?? '',
      `cuentas_mercadopago.refresh_token:${vendedor.userId}`,
    );
    expect(refreshToken).toMatch(/^TG-SBX\./);
    for (const columna of [cuenta?.accessTokenCifrado, cuenta?.refreshTokenCifrado]) {
      expect(columna).toMatch(/^v1\./);
      expect(columna).not.toContain(accessToken);
      expect(columna).not.toContain(refreshToken);
      // The tokens' readable prefixes, not a bare 'SBX' that random base64 can spell.
      expect(columna).not.toContain('APP_USR-SBX.');
      expect(columna).not.toContain('TG-SBX.');
    }
    const [pendiente] = await t.database.db
      .select()
      .from(vinculacionesMercadoPago)
      .where(eq(vinculacionesMercadoPago.usuarioId, vendedor.userId));
    expect(pendiente?.verificadorCifrado).toMatch(/^v1\./);
    expect(pendiente?.usadaEn).toEqual(t.clock.now());

    // The same callback again (a replay, or the back button): the state was used.
    expect(resultado(await callback(t, vuelta, vendedor.navegador))).toEqual(
      falla(VINCULACION_MENSAJES.expirada),
    );
  });

  it("'Cancelar' comes back with access_denied: the error screen, nothing linked, the state spent", async () => {
    const vendedor = await nuevoVendedor(t);
    const authUrl = await autUrl(vendedor);
    const vuelta = await responder(authUrl, 'cancelar');
    expect(vuelta.get('error')).toBe('access_denied');
    expect(vuelta.get('code')).toBeNull();
    expect(resultado(await callback(t, vuelta, vendedor.navegador))).toEqual(
      falla(VINCULACION_MENSAJES.cancelada),
    );
    expect((await verificar(t, vendedor)).json()).toEqual({ vinculado: false });

    // An authorized answer for the same request afterwards finds it spent.
    const autorizada = await responder(authUrl, 'autorizar');
    expect(resultado(await callback(t, autorizada, vendedor.navegador))).toEqual(
      falla(VINCULACION_MENSAJES.expirada),
    );
    expect(await cuentaDe(t, vendedor.userId)).toBeUndefined();
  });

  it('refuses a tampered state, and one from another browser, without spending the real one', async () => {
    const vendedor = await nuevoVendedor(t);
    const vuelta = await responder(await autUrl(vendedor), 'autorizar');
    const state = vuelta.get('state') ?? '';
    const [id = '', firma = ''] = state.split('.');
    const otroId = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    for (const alterado of [`${otroId}.${firma}`, `${id}.${firma.slice(0, -2)}xx`, id, '']) {
      const params = new URLSearchParams(vuelta);
      params.set('state', alterado);
      expect(resultado(await callback(t, params, vendedor.navegador))).toMatchObject({
        success: 'false',
        error: 'true',
      });
    }
    // Another browser (no cookie, or someone else's) cannot finish this seller's link.
    const otro = await nuevoVendedor(t);
    await iniciar(t, otro);
    expect(resultado(await callback(t, vuelta))).toEqual(falla(VINCULACION_MENSAJES.expirada));
    expect(resultado(await callback(t, vuelta, otro.navegador))).toEqual(
      falla(VINCULACION_MENSAJES.expirada),
    );
    expect(await cuentaDe(t, vendedor.userId)).toBeUndefined();

    expect(resultado(await callback(t, vuelta, vendedor.navegador))).toEqual(exito);
  });

  it('refuses a state used after its 10 minutes', async () => {
    const vendedor = await nuevoVendedor(t);
    const authUrl = await autUrl(vendedor);
    t.clock.advance(10 * 60_000);
    const vuelta = await responder(authUrl, 'autorizar');
    expect(resultado(await callback(t, vuelta, vendedor.navegador))).toEqual(
      falla(VINCULACION_MENSAJES.expirada),
    );
    expect(await cuentaDe(t, vendedor.userId)).toBeUndefined();
  });

  it("refuses a code issued for another request's PKCE challenge (the sandbox checks the verifier)", async () => {
    const vendedor = await nuevoVendedor(t);
    const primera = await responder(await autUrl(vendedor), 'autorizar');
    const segunda = await responder(await autUrl(vendedor), 'autorizar');
    // The first request's code with the second request's state (and so its verifier).
    const cruzada = new URLSearchParams({
      code: primera.get('code') ?? '',
      state: segunda.get('state') ?? '',
    });
    expect(resultado(await callback(t, cruzada, vendedor.navegador))).toEqual(
      falla(VINCULACION_MENSAJES.error),
    );
    expect(await cuentaDe(t, vendedor.userId)).toBeUndefined();
    expect((await tiendaDe(t, vendedor.tiendaId))?.mpVinculado).toBe(false);
    // Two requests of one browser are both alive: the first still completes.
    expect(resultado(await callback(t, primera, vendedor.navegador))).toEqual(exito);
  });

  it('never answers the browser with an error page: bad or missing parameters land on the result screen', async () => {
    for (const query of [
      '',
      'code=x',
      'state=x',
      `code=${'a'.repeat(600)}&state=x`,
      'error=server_error',
    ]) {
      expect(resultado(await callback(t, query))).toEqual(falla(VINCULACION_MENSAJES.error));
    }
  });

  it('iniciar needs a store (409) and the caller to be the user (403, 401 anonymous); so does verificar', async () => {
    const sinTienda = await registerAndLogin(t.app);
    const res = await iniciar(t, { ...sinTienda, tiendaId: '' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TIENDA_REQUERIDA',
      error: 'Primero crea tu tienda para vender',
    });
    expect((await verificar(t, sinTienda)).json()).toEqual({ vinculado: false });

    const vendedor = await nuevoVendedor(t);
    for (const url of [
      `/api/oauth/mercadopago/iniciar/${vendedor.userId}`,
      `/api/oauth/mercadopago/verificar/${vendedor.userId}`,
    ]) {
      const ajeno = await t.app.inject({ url, headers: sinTienda.auth });
      expect(ajeno.statusCode).toBe(403);
      expect(ajeno.json().code).toBe('ACCESO_DENEGADO');
      const anonimo = await t.app.inject({ url });
      expect(anonimo.statusCode).toBe(401);
      expect(anonimo.json().code).toBe('TOKEN_AUSENTE');
    }
  });

  it('the consent page takes only its client and redirect URI (never an open redirect)', async () => {
    const vendedor = await nuevoVendedor(t);
    const authUrl = new URL(await autUrl(vendedor));
    authUrl.searchParams.set('redirect_uri', 'https://atacante.example/robar');
    const res = await t.app.inject({ url: authUrl.pathname + authUrl.search });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDACION');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/mercadopago/autorizar',
      payload: { decision: 'autorizar' },
    });
    expect(post.statusCode).toBe(415);
  });
});

describe('Mercado Pago account linking with real Mercado Pago (a local fake of its OAuth)', () => {
  let t: PagoTestApp;
  let fake: MercadoPagoFake;
  beforeAll(async () => {
    fake = await startMercadoPagoFake();
    t = await createPagoTestApp({
      MP_CLIENT_ID: fake.clientId,
      MP_CLIENT_SECRET: fake.clientSecret,
      MP_REDIRECT_URI: `https://compragrupal.example${CALLBACK}`,
      MP_AUTH_URL: fake.baseUrl,
      MP_API_URL: fake.baseUrl,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** The seller at Mercado Pago: the fake authorizes (or refuses) and sends the browser back. */
  async function enMercadoPago(vendedor: Vendedor) {
    const res = await iniciar(t, vendedor);
    expect(res.statusCode).toBe(200);
    const authUrl = res.json().authUrl as string;
    expect(authUrl.startsWith(`${fake.baseUrl}/authorization?`)).toBe(true);
    const vuelta = await fetch(authUrl, { redirect: 'manual' });
    const location = new URL(vuelta.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(`https://compragrupal.example${CALLBACK}`);
    return location.searchParams;
  }

  it('links the account: the code is exchanged with its verifier, the tokens are stored sealed', async () => {
    fake.modo = 'normal';
    const vendedor = await nuevoVendedor(t);
    expect(t.app.services.mercadoPago.proveedor).toBe('mercadopago');
    const vuelta = await enMercadoPago(vendedor);
    expect(resultado(await callback(t, vuelta, vendedor.navegador))).toEqual(exito);
    const canje = fake.solicitudes.findLast((s) => s.ruta === '/oauth/token')?.cuerpo;
    expect(canje).toMatchObject({
      grant_type: 'authorization_code',
      code: vuelta.get('code'),
      redirect_uri: `https://compragrupal.example${CALLBACK}`,
      code_verifier: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(await cuentaDe(t, vendedor.userId)).toMatchObject({
      origen: 'mercadopago',
      mpUsuarioId: '241983636',
    });
    expect((await tiendaDe(t, vendedor.tiendaId))?.mpUsuarioId).toBe('241983636');
    expect((await verificar(t, vendedor)).json()).toEqual({ vinculado: true });
  });

  it('a refused or failed code exchange lands on the error screen and stores nothing', async () => {
    for (const modo of ['invalid_grant', 'caida', 'html'] as const) {
      fake.modo = 'normal';
      const vendedor = await nuevoVendedor(t);
      const vuelta = await enMercadoPago(vendedor);
      fake.modo = modo;
      expect(resultado(await callback(t, vuelta, vendedor.navegador)), modo).toEqual(
        falla(VINCULACION_MENSAJES.error),
      );
      expect(await cuentaDe(t, vendedor.userId)).toBeUndefined();
      expect(await tiendaDe(t, vendedor.tiendaId)).toMatchObject({
        mpVinculado: false,
        mpUsuarioId: null,
      });
    }
  });

  it('the seller refusing at Mercado Pago lands on the cancelled message', async () => {
    fake.modo = 'rechaza';
    const vendedor = await nuevoVendedor(t);
    const vuelta = await enMercadoPago(vendedor);
    expect(vuelta.get('error')).toBe('access_denied');
    expect(resultado(await callback(t, vuelta, vendedor.navegador))).toEqual(
      falla(VINCULACION_MENSAJES.cancelada),
    );
  });

  it('serves no sandbox pages', async () => {
    const res = await t.app.inject({ url: '/api/sandbox/mercadopago/autorizar' });
    expect(res.statusCode).toBe(404);
  });
});

describe('Mercado Pago account linking in the logs', () => {
  it('logs how a link ended, never a code, state, verifier or token', async () => {
    const lineas: string[] = [];
    const t = await createPagoTestApp({ LOG_LEVEL: 'debug' }, undefined, {
      write: (linea) => lineas.push(linea),
    });
    try {
      const vendedor = await nuevoVendedor(t);
      const authUrl = new URL((await iniciar(t, vendedor)).json().authUrl);
      const pagina = await t.app.inject({ url: authUrl.pathname + authUrl.search });
      const campos = Object.fromEntries(
        [...pagina.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map(
          ([, nombre, valor]) => [nombre, valor ?? ''],
        ),
      );
      const respuesta = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/mercadopago/autorizar',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...campos, decision: 'autorizar' }).toString(),
      });
      const vuelta = new URL(respuesta.headers.location as string).searchParams;
      expect(resultado(await callback(t, vuelta, vendedor.navegador))).toEqual(exito);
      expect(resultado(await callback(t, vuelta, vendedor.navegador))).toEqual(
        falla(VINCULACION_MENSAJES.expirada),
      );

      const { caja } = createCifradoMercadoPago(await resolveMercadoPagoKey(t.database.db));
      const cuenta = await cuentaDe(t, vendedor.userId);
      const [pendiente] = await t.database.db
        .select()
        .from(vinculacionesMercadoPago)
        .where(eq(vinculacionesMercadoPago.usuarioId, vendedor.userId));
      const id = (vuelta.get('state') ?? '').split('.')[0] ?? '';
      const secretos = [
        vuelta.get('code') ?? '',
        vuelta.get('state') ?? '',
        id,
        authUrl.searchParams.get('code_challenge') ?? '',
        caja.open(
          pendiente?.verificadorCifrado ?? '',
          `vinculaciones_mercadopago.verificador:${id}:${vendedor.userId}`,
        ),
        caja.open(
          cuenta?.accessTokenCifrado ?? '',
          `cuentas_mercadopago.access_token:${vendedor.userId}`,
        ),
        caja.open(
          cuenta?.refreshTokenCifrado ?? '',
          `cuentas_mercadopago.refresh_token:${vendedor.userId}`,
        ),
        cuenta?.accessTokenCifrado ?? '',
        vendedor.navegador ?? '',
      ];
      const log = lineas.join('\n');
      expect(log).toContain('cuenta de Mercado Pago vinculada');
      expect(log).toContain('estado-vencido-o-usado');
      for (const secreto of secretos) {
        expect(secreto.length).toBeGreaterThan(15);
        expect(log).not.toContain(secreto);
      }
    } finally {
      await t.close();
    }
  });
});

describe('Mercado Pago in production', () => {
  /** What production refuses to start without (config.ts). */
  const produccion = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://compragrupal.com.ar',
    JWT_SECRET: 'Qm8v1Xr4LzT0pK9sWc2Ne7Hy5Ab3Ud6Fj0Go4Ri8Vl1=',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  };

  it('without credentials nor DEMO_MODE: iniciar answers 503, no sandbox, the callback still redirects', async () => {
    const t = await createPagoTestApp(produccion);
    try {
      const vendedor = await nuevoVendedor(t);
      const res = await iniciar(t, vendedor);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'MERCADOPAGO_NO_DISPONIBLE' });
      expect((await verificar(t, vendedor)).json()).toEqual({ vinculado: false });
      expect((await t.app.inject({ url: '/api/sandbox/mercadopago/autorizar' })).statusCode).toBe(
        404,
      );
      expect(resultado(await callback(t, 'code=x&state=y'))).toEqual(
        falla(VINCULACION_MENSAJES.error),
      );
    } finally {
      await t.close();
    }
  });

  it('with DEMO_MODE=true the sandbox links, as in a public demo', async () => {
    const t = await createPagoTestApp({
      ...produccion,
      DEMO_MODE: 'true',
      MP_TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    });
    try {
      const vendedor = await nuevoVendedor(t);
      const res = await iniciar(t, vendedor);
      expect(res.statusCode).toBe(200);
      expect(t.app.services.mercadoPago.proveedor).toBe('sandbox');
      const cookie = res.cookies.find((c) => c.name === NAVEGADOR_COOKIE);
      expect(cookie?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});
