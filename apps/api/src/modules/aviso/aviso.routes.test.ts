import {
  AVISOS_POR_PAGINA,
  avisosPaginaSchema,
  type ClientToServerEvents,
  preferenciasDeAvisoSchema,
  type ServerToClientEvents,
  TIPOS_DE_AVISO,
  type TipoDeAviso,
} from '@compra-grupal/contracts';
import { eq, inArray } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificaciones } from '../../db/schema';
import { newId } from '../../lib/ids';
import { type LoggedIn, registerAndLogin } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { avisoModule } from './aviso.module';
import { RETENCION_LOTE } from './aviso.service';
import { RETENCION_INTERVALO_MS, TIPO_RETENCION_AVISOS } from './retencion.job';

let t: TestApp;
let ana: LoggedIn;
let beto: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  ana = await registerAndLogin(t.app);
  beto = await registerAndLogin(t.app);
});
afterAll(() => t.close());

let serie = 0;
/** A notification for `who`, created as the services create them (in a transaction). */
async function avisar(
  who: LoggedIn,
  titulo = `Aviso ${++serie}`,
  tipo: TipoDeAviso = 'pedido_creado',
) {
  await t.app.services.withTransaction((repos) =>
    t.app.services.aviso.avisar(repos, {
      clave: `prueba:${newId()}`,
      usuarioId: who.userId,
      tipo,
      titulo,
      cuerpo: `Cuerpo de ${titulo}`,
      enlace: '/my-orders',
    }),
  );
}

const listar = (who: LoggedIn | null, antesDe?: string) =>
  t.app.inject({
    url: `/api/aviso${antesDe ? `?antesDe=${antesDe}` : ''}`,
    headers: who?.auth ?? {},
  });
const leer = (who: LoggedIn | null, avisoId: string) =>
  t.app.inject({ method: 'POST', url: `/api/aviso/${avisoId}/leido`, headers: who?.auth ?? {} });
const leerTodos = (who: LoggedIn | null) =>
  t.app.inject({ method: 'POST', url: '/api/aviso/leer-todos', headers: who?.auth ?? {} });
const pagina = async (who: LoggedIn, antesDe?: string) => {
  const res = await listar(who, antesDe);
  expect(res.statusCode).toBe(200);
  return avisosPaginaSchema.parse(res.json());
};

describe('GET /api/aviso', () => {
  it("pages the caller's own notifications newest first, with the unread count", async () => {
    const carla = await registerAndLogin(t.app);
    expect(await pagina(carla)).toEqual({ avisos: [], noLeidos: 0, siguiente: null });
    const total = AVISOS_POR_PAGINA + 3;
    for (let i = 1; i <= total; i += 1) await avisar(carla, `Carla ${i}`);
    await avisar(beto, 'De Beto');

    const primera = await pagina(carla);
    expect(primera.noLeidos).toBe(total);
    expect(primera.avisos).toHaveLength(AVISOS_POR_PAGINA);
    expect(primera.avisos[0]).toMatchObject({
      titulo: `Carla ${total}`,
      cuerpo: `Cuerpo de Carla ${total}`,
      enlace: '/my-orders',
      tipo: 'pedido_creado',
      leido: false,
    });
    expect(primera.siguiente).toBe(primera.avisos.at(-1)?._id);

    const segunda = await pagina(carla, primera.siguiente ?? undefined);
    expect(segunda.siguiente).toBeNull();
    const titulos = [...primera.avisos, ...segunda.avisos].map((a) => a.titulo);
    expect(titulos).toEqual(Array.from({ length: total }, (_, i) => `Carla ${total - i}`));
  });

  it("answers 404 to a cursor that is not the caller's, 400 to a malformed one, 401 anonymous", async () => {
    await avisar(beto, 'Cursor ajeno');
    const deBeto = (await pagina(beto)).avisos[0]?._id ?? '';
    const ajeno = await listar(ana, deBeto);
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json()).toMatchObject({
      code: 'AVISO_NO_ENCONTRADO',
      error: 'Notificación no encontrada',
    });
    expect((await listar(ana, 'no-es-un-id')).statusCode).toBe(400);
    expect((await listar(null)).statusCode).toBe(401);
  });
});

describe('POST /api/aviso/{avisoId}/leido and /api/aviso/leer-todos', () => {
  it('marks one read, then all, answering the unread count', async () => {
    const dani = await registerAndLogin(t.app);
    for (const titulo of ['Uno', 'Dos', 'Tres']) await avisar(dani, titulo);
    const [tres] = (await pagina(dani)).avisos;
    const res = await leer(dani, tres?._id ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ noLeidos: 2 });
    // Again: nothing changes.
    expect((await leer(dani, tres?._id ?? '')).json()).toEqual({ noLeidos: 2 });
    const despues = await pagina(dani);
    expect(despues.avisos.map((a) => [a.titulo, a.leido])).toEqual([
      ['Tres', true],
      ['Dos', false],
      ['Uno', false],
    ]);

    expect((await leerTodos(dani)).json()).toEqual({ noLeidos: 0 });
    const todas = await pagina(dani);
    expect(todas.noLeidos).toBe(0);
    expect(todas.avisos.every((a) => a.leido)).toBe(true);
    expect((await leerTodos(dani)).json()).toEqual({ noLeidos: 0 });
  });

  it("someone else's or an unknown notification is a 404, and stays unread", async () => {
    await avisar(beto, 'Solo de Beto');
    const deBeto = (await pagina(beto)).avisos[0];
    for (const id of [deBeto?._id ?? '', 'ffffffffffffffffffffffff']) {
      const res = await leer(ana, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'AVISO_NO_ENCONTRADO' });
    }
    expect((await pagina(beto)).avisos[0]).toMatchObject({ _id: deBeto?._id, leido: false });
    expect((await leer(ana, 'malo')).statusCode).toBe(400);
    expect((await leer(null, deBeto?._id ?? '')).statusCode).toBe(401);
    expect((await leerTodos(null)).statusCode).toBe(401);
  });

  it("tells the user's open sockets: avisoNuevo on a new one, avisosLeidos after reading", async () => {
    const eva = await registerAndLogin(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: eva.accessToken },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      await t.app.outbox.publishPending();
      const nuevo = new Promise<Parameters<ServerToClientEvents['avisoNuevo']>[0]>((resolve) =>
        socket.once('avisoNuevo', resolve),
      );
      await avisar(eva, 'En vivo');
      expect(await nuevo).toMatchObject({
        aviso: { titulo: 'En vivo', leido: false },
        noLeidos: 1,
      });

      const leidos = new Promise<{ noLeidos: number }>((resolve) =>
        socket.once('avisosLeidos', resolve),
      );
      expect((await leerTodos(eva)).statusCode).toBe(200);
      expect(await leidos).toEqual({ noLeidos: 0 });
    } finally {
      socket.close();
    }
  });
});

describe('GET and PUT /api/aviso/preferencias', () => {
  const ver = (who: LoggedIn | null) =>
    t.app.inject({ url: '/api/aviso/preferencias', headers: who?.auth ?? {} });
  const guardar = (who: LoggedIn | null, email: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/aviso/preferencias',
      headers: who?.auth ?? {},
      payload: { email },
    });
  const todasEncendidas = Object.fromEntries(Object.keys(TIPOS_DE_AVISO).map((k) => [k, true]));
  /** The device switches as they start (docs/decisions/055): the email ones leave them alone. */
  const push = Object.fromEntries(
    Object.entries(TIPOS_DE_AVISO).map(([tipo, definicion]) => [tipo, definicion.push]),
  );

  it('every kind is on by default; turning off one that is not essential keeps it off', async () => {
    const fede = await registerAndLogin(t.app);
    expect(preferenciasDeAvisoSchema.parse((await ver(fede)).json())).toEqual({
      email: todasEncendidas,
      push,
    });
    const res = await guardar(fede, { pedido_creado: false, grupo_por_vencer: false });
    expect(res.statusCode).toBe(200);
    const esperadas = { ...todasEncendidas, pedido_creado: false, grupo_por_vencer: false };
    expect(res.json()).toEqual({ email: esperadas, push });
    expect((await ver(fede)).json()).toEqual({ email: esperadas, push });
    // Only the kinds given change; essential ones may be "turned on" (nothing changes).
    await guardar(fede, { pedido_creado: true, grupo_completo: true });
    expect((await ver(fede)).json()).toEqual({
      email: { ...todasEncendidas, grupo_por_vencer: false },
      push,
    });
    // Someone else's stay theirs.
    expect((await ver(ana)).json()).toEqual({ email: todasEncendidas, push });
  });

  it('an essential kind cannot be turned off: 400 in Spanish, nothing saved', async () => {
    const gabi = await registerAndLogin(t.app);
    const res = await guardar(gabi, { pedido_entregado: false, pago_aprobado: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AVISO_ESENCIAL' });
    expect(res.json().mensaje).toContain('Pago aprobado');
    expect((await ver(gabi)).json()).toEqual({ email: todasEncendidas, push });
  });

  it('refuses unknown kinds and non-booleans (400) and anonymous callers (401)', async () => {
    expect((await guardar(ana, { inventado: false })).statusCode).toBe(400);
    expect((await guardar(ana, { pedido_creado: 'no' })).statusCode).toBe(400);
    expect((await ver(null)).statusCode).toBe(401);
    expect((await guardar(null, { pedido_creado: false })).statusCode).toBe(401);
  });
});

describe('retention', () => {
  it('is a periodic job of the module, every hour', () => {
    const jobs = avisoModule.jobs?.(t.app.services) ?? [];
    expect(jobs).toEqual([
      expect.objectContaining({ name: TIPO_RETENCION_AVISOS, every: RETENCION_INTERVALO_MS }),
      // Each notice's push (docs/decisions/055), a queued job.
      expect.objectContaining({ type: expect.objectContaining({ name: 'aviso.push' }) }),
    ]);
    expect(RETENCION_INTERVALO_MS).toBe(60 * 60_000);
  });

  it('deletes notifications older than 90 days in batches, keeps the rest', async () => {
    const hugo = await registerAndLogin(t.app);
    const dia = 24 * 60 * 60_000;
    const viejas = RETENCION_LOTE + 5;
    await t.database.db.insert(notificaciones).values(
      Array.from({ length: viejas }, (_, i) => ({
        id: newId(),
        clave: `prueba-vieja:${newId()}`,
        usuarioId: hugo.userId,
        tipo: 'pedido_creado',
        titulo: `Vieja ${i}`,
        cuerpo: '…',
        creadoEn: new Date(Date.now() - 91 * dia - i * 1000),
      })),
    );
    await t.database.db.insert(notificaciones).values({
      id: newId(),
      clave: `prueba-reciente:${newId()}`,
      usuarioId: hugo.userId,
      tipo: 'pedido_creado',
      titulo: 'Reciente',
      cuerpo: '…',
      creadoEn: new Date(Date.now() - 89 * dia),
    });

    expect(await t.app.services.aviso.borrarVencidos()).toBeGreaterThanOrEqual(viejas);
    const quedan = await t.database.db
      .select({ titulo: notificaciones.titulo })
      .from(notificaciones)
      .where(eq(notificaciones.usuarioId, hugo.userId));
    expect(quedan).toEqual([{ titulo: 'Reciente' }]);
    expect(await t.app.services.aviso.borrarVencidos()).toBe(0);
    // Other people's recent ones are untouched.
    const deOtros = await t.database.db
      .select({ id: notificaciones.id })
      .from(notificaciones)
      .where(inArray(notificaciones.usuarioId, [ana.userId, beto.userId]));
    expect(deOtros.length).toBeGreaterThan(0);
  });
});
