import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  tiendaRevisadaResponseSchema,
  tiendasEnRevisionResponseSchema,
  userRoom,
} from '@compra-grupal/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventosSalientes, notificaciones } from '../../db/schema';
import { demoTiendaId, demoVendedorEmail } from '../../demo/demo-tiendas';
import { DEMO_TIENDAS } from '../../demo/demo-tiendas.data';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { type LoggedIn, login, registerAndLogin, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The demo seller whose store, with Mercado Pago linked, waits for review. */
const EN_REVISION = DEMO_TIENDAS.findIndex((t) => t.nombre === 'Pastas de la Nonna');
/** The demo store waiting without Mercado Pago. */
const SIN_MP = DEMO_TIENDAS.findIndex((t) => t.nombre === 'Dietética Natural');

let t: TestApp;
let admin: LoggedIn;
let comprador: LoggedIn;
let vendedora: LoggedIn;
beforeAll(async () => {
  t = await createTestApp({}, { demoStores: true });
  admin = await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
  comprador = await login(t.app, DEMO_USUARIOS.comprador.email, DEMO_PASSWORD);
  vendedora = await login(t.app, demoVendedorEmail(EN_REVISION), DEMO_PASSWORD);
});
afterAll(() => t.close());

const listar = (who: LoggedIn | null, estado?: string) =>
  t.app.inject({
    url: `/api/admin/tiendas${estado ? `?estado=${estado}` : ''}`,
    headers: who?.auth ?? {},
  });

const revisar = (who: LoggedIn | null, accion: 'habilitar' | 'deshabilitar', tiendaId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/tiendas/${tiendaId}/${accion}`,
    headers: who?.auth ?? {},
  });

const estaHabilitada = async (who: LoggedIn) =>
  (
    await t.app.inject({ url: `/api/tienda/esta-habilitada/${who.userId}`, headers: who.auth })
  ).json().habilitada as boolean;

/** The review's events in the owner's room (the bell's `avisoNuevo` is the aviso module's). */
const eventosDe = (usuarioId: string) =>
  t.database.db
    .select()
    .from(eventosSalientes)
    .where(
      and(
        eq(eventosSalientes.sala, userRoom(usuarioId)),
        ne(eventosSalientes.evento, 'avisoNuevo'),
      ),
    );

describe('GET /api/admin/tiendas', () => {
  it('lists the stores waiting for review, newest first, with what the team checks', async () => {
    const res = await listar(admin);
    expect(res.statusCode).toBe(200);
    const { tiendas } = tiendasEnRevisionResponseSchema.parse(res.json());
    expect(tiendas.every((tienda) => !tienda.habilitada)).toBe(true);
    const fechas = tiendas.map((tienda) => tienda.creadoEn);
    expect(fechas).toEqual([...fechas].sort().reverse());
    expect(tiendas.find((tienda) => tienda._id === demoTiendaId(EN_REVISION))).toEqual({
      _id: demoTiendaId(EN_REVISION),
      nombre: 'Pastas de la Nonna',
      descripcion: 'Pastas frescas y salsas caseras, hechas cada mañana en Villa Crespo.',
      logo: `/uploads/tiendas/${demoTiendaId(EN_REVISION)}.jpg`,
      telefono: expect.any(String),
      email: 'revision@compragrupal.com.ar',
      razonSocial: 'Pastas de la Nonna S.R.L.',
      habilitada: false,
      mpVinculado: true,
      categoriaNombre: 'Almacén',
      coberturaNombre: 'Barrio',
      coberturaKm: 2,
      direccion: 'Av. Corrientes 5400',
      ciudad: 'Villa Crespo',
      provincia: 'Ciudad Autónoma de Buenos Aires',
      usuarioEmail: 'revision@compragrupal.com.ar',
      creadoEn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(tiendas.find((tienda) => tienda._id === demoTiendaId(SIN_MP))).toMatchObject({
      nombre: 'Dietética Natural',
      mpVinculado: false,
    });
  });

  it('lists the enabled stores or all of them when asked, and refuses another state', async () => {
    const habilitadas = tiendasEnRevisionResponseSchema.parse(
      (await listar(admin, 'habilitadas')).json(),
    ).tiendas;
    expect(habilitadas.length).toBe(DEMO_TIENDAS.filter((d) => d.habilitada).length);
    expect(habilitadas.every((tienda) => tienda.habilitada)).toBe(true);
    const todas = tiendasEnRevisionResponseSchema.parse((await listar(admin, 'todas')).json());
    expect(todas.tiendas.length).toBe(DEMO_TIENDAS.length);
    const otro = await listar(admin, 'borradas');
    expect(otro.statusCode).toBe(400);
    expect(otro.json().code).toBe('VALIDACION');
  });

  it('is for the product team only: 403 to a shopper or a seller, 401 anonymous', async () => {
    for (const who of [comprador, vendedora]) {
      const res = await listar(who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'ACCESO_DENEGADO',
        mensaje: 'No tienes permiso para acceder a este recurso',
      });
    }
    expect((await listar(null)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/tiendas/{tiendaId}/habilitar and /deshabilitar', () => {
  it("enables a store once, recording tiendaHabilitada for its owner's room; disabling takes it back", async () => {
    const tiendaId = demoTiendaId(EN_REVISION);
    expect(await estaHabilitada(vendedora)).toBe(false);
    expect(await eventosDe(vendedora.userId)).toEqual([]);

    const res = await revisar(admin, 'habilitar', tiendaId);
    expect(res.statusCode).toBe(200);
    const revisada = tiendaRevisadaResponseSchema.parse(res.json());
    expect(revisada.mensaje).toBe('Tienda habilitada');
    expect(revisada.tienda).toMatchObject({ _id: tiendaId, habilitada: true, mpVinculado: true });
    expect(await estaHabilitada(vendedora)).toBe(true);
    expect((await t.app.inject({ url: `/api/tienda/con-productos/${tiendaId}` })).statusCode).toBe(
      200,
    );
    // Recorded in the outbox with the change (published once a server listens).
    const eventos = await eventosDe(vendedora.userId);
    expect(eventos.map(({ sala, evento, payload }) => ({ sala, evento, payload }))).toEqual([
      { sala: `usuario:${vendedora.userId}`, evento: 'tiendaHabilitada', payload: { tiendaId } },
    ]);

    const otraVez = await revisar(admin, 'habilitar', tiendaId);
    expect(otraVez.statusCode).toBe(200);
    expect(otraVez.json()).toMatchObject({
      mensaje: 'La tienda ya estaba habilitada',
      tienda: { habilitada: true },
    });
    expect(await eventosDe(vendedora.userId)).toHaveLength(1);

    const baja = await revisar(admin, 'deshabilitar', tiendaId);
    expect(baja.json()).toMatchObject({
      mensaje: 'Tienda deshabilitada',
      tienda: { habilitada: false },
    });
    expect(await estaHabilitada(vendedora)).toBe(false);
    expect((await t.app.inject({ url: `/api/tienda/con-productos/${tiendaId}` })).statusCode).toBe(
      404,
    );
    expect((await revisar(admin, 'deshabilitar', tiendaId)).json().mensaje).toBe(
      'La tienda ya estaba deshabilitada',
    );
    expect(await eventosDe(vendedora.userId)).toHaveLength(1);
    // The owner was told of each change once (docs/decisions/042).
    const avisos = await t.database.db
      .select({ tipo: notificaciones.tipo })
      .from(notificaciones)
      .where(eq(notificaciones.usuarioId, vendedora.userId));
    expect(avisos.map((a) => a.tipo).sort()).toEqual(['tienda_aprobada', 'tienda_rechazada']);
  });

  it('refuses a reason with a NUL or a lone surrogate with a 400, never a 500 (issue 34)', async () => {
    const tiendaId = demoTiendaId(EN_REVISION);
    for (const motivo of ['a\u0000b', 'a\ud800b']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/tiendas/${tiendaId}/deshabilitar`,
        headers: admin.auth,
        payload: { motivo },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDACION',
        detalles: [{ campo: 'motivo', mensaje: 'El motivo contiene caracteres no permitidos' }],
      });
    }
  });

  it('enables a store that has not linked Mercado Pago yet, and shows it', async () => {
    const res = await revisar(admin, 'habilitar', demoTiendaId(SIN_MP));
    expect(res.statusCode).toBe(200);
    expect(res.json().tienda).toMatchObject({ habilitada: true, mpVinculado: false });
    await revisar(admin, 'deshabilitar', demoTiendaId(SIN_MP));
  });

  it('answers 404 to an unknown store and 400 to a malformed id', async () => {
    const res = await revisar(admin, 'habilitar', 'ffffffffffffffffffffffff');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'TIENDA_NO_ENCONTRADA',
      error: 'Tienda no encontrada',
    });
    expect((await revisar(admin, 'deshabilitar', 'no-es-un-id')).statusCode).toBe(400);
  });

  it('is for the product team only: 403 to a shopper or the owner, 401 anonymous', async () => {
    const tiendaId = demoTiendaId(EN_REVISION);
    for (const accion of ['habilitar', 'deshabilitar'] as const) {
      for (const who of [comprador, vendedora]) {
        const res = await revisar(who, accion, tiendaId);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('ACCESO_DENEGADO');
      }
      expect((await revisar(null, accion, tiendaId)).statusCode).toBe(401);
    }
    expect(await estaHabilitada(vendedora)).toBe(false);
  });

  it("reaches the seller's open socket once the change commits", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: vendedora.accessToken },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      // What earlier tests recorded goes out first; then only this one is awaited.
      await t.app.outbox.publishPending();
      const oido = new Promise<{ tiendaId: string }>((resolve) =>
        socket.once('tiendaHabilitada', resolve),
      );
      expect((await revisar(admin, 'habilitar', demoTiendaId(EN_REVISION))).statusCode).toBe(200);
      expect(await oido).toEqual({ tiendaId: demoTiendaId(EN_REVISION) });
    } finally {
      socket.close();
    }
  });
});

describe('POST /api/usuario/esAdmin', () => {
  const esAdmin = (who: LoggedIn | null, userId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usuario/esAdmin',
      headers: who?.auth ?? {},
      payload: { userId },
    });

  it('answers whether the caller is on the product team', async () => {
    expect((await esAdmin(admin, admin.userId)).json()).toEqual({ esAdmin: true });
    expect((await esAdmin(comprador, comprador.userId)).json()).toEqual({ esAdmin: false });
    expect((await esAdmin(vendedora, vendedora.userId)).json()).toEqual({ esAdmin: false });
  });

  it('is about the own user only: 403 for another, 401 anonymous', async () => {
    const res = await esAdmin(comprador, admin.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCESO_DENEGADO');
    expect((await esAdmin(null, comprador.userId)).statusCode).toBe(401);
  });

  it('ADMIN_EMAILS does not make admin whoever registers the address (security/sign-in: Google)', async () => {
    const email = uniqueEmail('equipo');
    const conLista = await createTestApp({ ADMIN_EMAILS: email });
    try {
      const intruso = await registerAndLogin(conLista.app, { email });
      const res = await conLista.app.inject({
        method: 'POST',
        url: '/api/usuario/esAdmin',
        headers: intruso.auth,
        payload: { userId: intruso.userId },
      });
      expect(res.json()).toEqual({ esAdmin: false });
      const lista = await conLista.app.inject({ url: '/api/admin/tiendas', headers: intruso.auth });
      expect(lista.statusCode).toBe(403);
    } finally {
      await conLista.close();
    }
  });
});
