import {
  clavePublicaPushSchema,
  mensajePushSchema,
  PUSH_SUSCRIPCIONES_MAX,
  preferenciasDeAvisoSchema,
  TIPOS_DE_AVISO,
} from '@compra-grupal/contracts';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import {
  gruposDeCompra,
  notificaciones,
  participantesGrupo,
  pedidos,
  suscripcionesPush,
  trabajos,
} from '../../db/schema';
import { createTestClock } from '../../lib/clock';
import { type LoggedIn, registerAndLogin } from '../../test/auth-helpers';
import {
  type CompradorDePrueba,
  compradorConDireccion,
  crearPreferencia,
  pagarEnSandbox,
  pedidoDePrueba,
} from '../../test/pedido-helpers';
import {
  crearProducto,
  type VendedorDePrueba,
  vendedorConTienda,
} from '../../test/producto-helpers';
import {
  type DispositivoDePrueba,
  type ServicioPushDePrueba,
  startServicioPushDePrueba,
} from '../../test/servicio-push-de-prueba';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MAX_INTENTOS_PUSH } from '../aviso/aviso.service';
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import { clavesVapidFor } from './push-claves';

/**
 * Web Push (docs/decisions/055), from outside: the browsers' subscriptions through the API, and
 * what a loopback push service that checks the VAPID signature and decrypts each message
 * (test/servicio-push-de-prueba.ts) receives when the events happen. Nothing leaves the machine.
 * On PostgreSQL (TEST_DATABASE_URL) a second node shares the database: a notice is sent once.
 */
const clock = createTestClock();
let t: TestApp;
let servicio: ServicioPushDePrueba;
let vendedor: VendedorDePrueba;
let secreto: string;
let clavePublica: string;

beforeAll(async () => {
  servicio = await startServicioPushDePrueba();
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
  await t.app.ready();
  vendedor = await vendedorConTienda(t);
  await vincularCuentaDePrueba(
    t.database.db,
    { usuarioId: vendedor.userId, tiendaId: vendedor.tiendaId },
    { clock },
  );
  secreto = webhookSecret(t.app.config, await resolveMercadoPagoKey(t.database.db));
  const res = await t.app.inject({ url: '/api/push/clave-publica' });
  clavePublica = clavePublicaPushSchema.parse(res.json()).clavePublica;
});
afterAll(async () => {
  await t.close();
  await servicio.close();
});

const suscribir = (who: LoggedIn | null, body: unknown, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/push/suscripciones',
    headers: who?.auth ?? {},
    payload: body as object,
  });

const desuscribir = (who: LoggedIn | null, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/push/suscripciones',
    headers: who?.auth ?? {},
    payload: { endpoint },
  });

/** A new device of the loopback service, subscribed for `who` (201). */
async function dispositivoDe(who: LoggedIn): Promise<DispositivoDePrueba> {
  const dispositivo = servicio.nuevoDispositivo();
  const res = await suscribir(who, dispositivo);
  expect(res.statusCode, res.body).toBe(201);
  return dispositivo;
}

const suscripcionesDe = (usuarioId: string) =>
  t.database.db.select().from(suscripcionesPush).where(eq(suscripcionesPush.usuarioId, usuarioId));

/** What the device received since `desde` (an index into `recibidos`), payloads parsed. */
const recibidosPor = (dispositivo: DispositivoDePrueba, desde = 0) =>
  servicio.recibidos
    .slice(desde)
    .filter((m) => m.endpoint === dispositivo.endpoint)
    .map((m) => ({ ...m, mensaje: mensajePushSchema.parse(JSON.parse(m.texto)) }));

const producto = async (lugares: number) =>
  (
    await crearProducto(t, vendedor, {
      stock: '50',
      precio: '1000',
      cantidadTotalGrupo: String(lugares),
    })
  )._id;

async function comprar(comprador: CompradorDePrueba, productoId: string, cantidad: number) {
  const body = await pedidoDePrueba(
    t,
    comprador,
    [{ productoId, cantidadSolicitada: cantidad }],
    [vendedor.tiendaId],
  );
  const res = await crearPreferencia(t, comprador, body);
  expect(res.statusCode, res.body).toBe(201);
  const pedidoId = res.json().pedidoId as string;
  await pagarEnSandbox(t, comprador, pedidoId, vendedor.tiendaId, {
    secreto,
    ahora: () => clock.now(),
  });
  return pedidoId;
}

const grupoDe = async (pedidoId: string) => {
  const [fila] = await t.database.db
    .select({ id: participantesGrupo.grupoId })
    .from(participantesGrupo)
    .where(eq(participantesGrupo.pedidoId, pedidoId));
  if (!fila) throw new Error('sin grupo');
  return fila.id;
};

const codigoDe = async (pedidoId: string) => {
  const [fila] = await t.database.db
    .select({ codigo: pedidos.codigo })
    .from(pedidos)
    .where(eq(pedidos.id, pedidoId));
  return fila?.codigo as string;
};

/** The push jobs of the person's notices. */
async function trabajosDePush(usuarioId: string) {
  const suyos = new Set(
    (
      await t.database.db
        .select({ id: notificaciones.id })
        .from(notificaciones)
        .where(eq(notificaciones.usuarioId, usuarioId))
    ).map((a) => a.id),
  );
  const jobs = await t.database.db.select().from(trabajos).where(eq(trabajos.tipo, 'aviso.push'));
  return jobs.filter((j) => suyos.has((j.payload as { avisoId: string }).avisoId));
}

describe('GET /api/push/clave-publica', () => {
  it('answers the VAPID public key, the one kept in the database for every node and restart', async () => {
    const res = await t.app.inject({ url: '/api/push/clave-publica' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clavePublica });
    expect(clavePublica).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const otraVez = await clavesVapidFor(t.database.db, t.app.config);
    expect(otraVez?.publica).toBe(clavePublica);
  });

  it('answers 404 PUSH_NO_DISPONIBLE with push off, and so do the subscriptions', async () => {
    const apagado = await createTestApp({ PUSH_ENABLED: 'false' });
    try {
      const res = await apagado.app.inject({ url: '/api/push/clave-publica' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'PUSH_NO_DISPONIBLE',
        mensaje: 'Este servidor no envía avisos a los dispositivos',
      });
      const ana = await registerAndLogin(apagado.app);
      const sub = await suscribir(ana, servicio.nuevoDispositivo(), apagado.app);
      expect(sub.statusCode).toBe(404);
    } finally {
      await apagado.close();
    }
  });
});

describe('POST and DELETE /api/push/suscripciones', () => {
  it("keeps the caller's browser, once per endpoint (201 again), and forgets it (204)", async () => {
    const ana = await registerAndLogin(t.app);
    const dispositivo = servicio.nuevoDispositivo();
    const res = await suscribir(ana, dispositivo);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ mensaje: 'Avisos activados en este dispositivo' });
    expect((await suscribir(ana, dispositivo)).statusCode).toBe(201);
    const filas = await suscripcionesDe(ana.userId);
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({
      endpoint: dispositivo.endpoint,
      p256dh: dispositivo.keys.p256dh,
      auth: dispositivo.keys.auth,
    });

    const baja = await desuscribir(ana, dispositivo.endpoint);
    expect(baja.statusCode).toBe(204);
    expect(baja.body).toBe('');
    expect(await suscripcionesDe(ana.userId)).toHaveLength(0);
    // Idempotent.
    expect((await desuscribir(ana, dispositivo.endpoint)).statusCode).toBe(204);
  });

  it('refuses anonymous callers (401), and malformed or unusable subscriptions (400)', async () => {
    const ana = await registerAndLogin(t.app);
    const bueno = servicio.nuevoDispositivo();
    expect((await suscribir(null, bueno)).statusCode).toBe(401);
    expect((await desuscribir(null, bueno.endpoint)).statusCode).toBe(401);

    const malos: [string, unknown, string][] = [
      ['p256dh too short', { ...bueno, keys: { ...bueno.keys, p256dh: 'BAAA' } }, 'VALIDACION'],
      [
        'auth of 15 bytes',
        { ...bueno, keys: { ...bueno.keys, auth: 'A'.repeat(20) } },
        'VALIDACION',
      ],
      ['no keys', { endpoint: bueno.endpoint }, 'VALIDACION'],
      ['a URL that is not http(s)', { ...bueno, endpoint: 'ftp://127.0.0.1/x' }, 'VALIDACION'],
      [
        'an endpoint over 2048 characters',
        { ...bueno, endpoint: `https://fcm.googleapis.com/${'a'.repeat(2048)}` },
        'VALIDACION',
      ],
      [
        'a key that is no point of P-256',
        { ...bueno, keys: { ...bueno.keys, p256dh: `B${'A'.repeat(86)}` } },
        'SUSCRIPCION_PUSH_INVALIDA',
      ],
      [
        'a host that is no push service',
        { ...bueno, endpoint: 'https://intranet.example.com/push/x' },
        'SUSCRIPCION_PUSH_INVALIDA',
      ],
      [
        'a push service lookalike',
        { ...bueno, endpoint: 'https://fcm.googleapis.com.example.com/fcm/send/x' },
        'SUSCRIPCION_PUSH_INVALIDA',
      ],
      ['http to another machine', { ...bueno, endpoint: 'http://10.0.0.7/push/x' }, 'VALIDACION'],
    ];
    for (const [que, body, code] of malos) {
      const res = await suscribir(ana, body);
      expect(res.statusCode, que).toBe(400);
      expect(res.json().code, que).toBe(code);
    }
    expect(await suscripcionesDe(ana.userId)).toHaveLength(0);
    // A real push service's endpoint is accepted.
    const fcm = { ...bueno, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:APA91b-x_y' };
    expect((await suscribir(ana, fcm)).statusCode).toBe(201);
  });

  it("moves an endpoint to whoever subscribes it now (a shared device); nobody deletes another's", async () => {
    const ana = await registerAndLogin(t.app);
    const beto = await registerAndLogin(t.app);
    const compartido = await dispositivoDe(ana);
    expect((await desuscribir(beto, compartido.endpoint)).statusCode).toBe(204);
    expect(await suscripcionesDe(ana.userId)).toHaveLength(1);

    await dispositivoDe(beto);
    expect((await suscribir(beto, compartido)).statusCode).toBe(201);
    expect(await suscripcionesDe(ana.userId)).toHaveLength(0);
    expect((await suscripcionesDe(beto.userId)).map((s) => s.endpoint)).toContain(
      compartido.endpoint,
    );
  });

  it(`keeps the newest ${PUSH_SUSCRIPCIONES_MAX} devices of a person, dropping the oldest`, async () => {
    const ana = await registerAndLogin(t.app);
    const dispositivos: DispositivoDePrueba[] = [];
    for (let i = 0; i < PUSH_SUSCRIPCIONES_MAX + 2; i += 1) {
      dispositivos.push(await dispositivoDe(ana));
      clock.advance(1000);
    }
    const quedan = (await suscripcionesDe(ana.userId)).map((s) => s.endpoint).sort();
    expect(quedan).toEqual(
      dispositivos
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );
  });
});

describe('GET and PUT /api/aviso/preferencias: the device switch', () => {
  it('pushes the moments that matter by default; any kind can be turned on or off', async () => {
    const ana = await registerAndLogin(t.app);
    const ver = async () =>
      preferenciasDeAvisoSchema.parse(
        (await t.app.inject({ url: '/api/aviso/preferencias', headers: ana.auth })).json(),
      );
    const porDefecto = Object.fromEntries(
      Object.entries(TIPOS_DE_AVISO).map(([tipo, { push }]) => [tipo, push]),
    );
    expect((await ver()).push).toEqual(porDefecto);
    expect(
      Object.entries(porDefecto)
        .filter(([, encendido]) => encendido)
        .map(([tipo]) => tipo)
        .sort(),
    ).toEqual([
      'grupo_casi_completo',
      'grupo_completo',
      'grupo_completo_vendedor',
      'grupo_por_vencer_comprador',
      'reembolso_enviado',
    ]);

    const guardar = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/aviso/preferencias',
        headers: ana.auth,
        payload,
      });
    // An essential kind's push can be turned off; its email cannot.
    let res = await guardar({ push: { grupo_completo: false, pedido_creado: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().push).toMatchObject({ grupo_completo: false, pedido_creado: true });
    // Email and push of one kind are kept apart: changing one leaves the other.
    res = await guardar({ email: { pedido_creado: false } });
    expect(res.json()).toMatchObject({
      email: { pedido_creado: false, grupo_completo: true },
      push: { pedido_creado: true, grupo_completo: false },
    });
    res = await guardar({ email: { pedido_creado: true }, push: { pedido_creado: false } });
    expect(res.json()).toMatchObject({
      email: { pedido_creado: true },
      push: { pedido_creado: false },
    });
    expect((await ver()).push).toEqual({
      ...porDefecto,
      grupo_completo: false,
      pedido_creado: false,
    });
    expect((await guardar({ push: { inventado: true } })).statusCode).toBe(400);
    expect((await guardar({ push: { grupo_completo: 'no' } })).statusCode).toBe(400);
  });
});

describe('sending (the job aviso.push)', () => {
  it('a group completes: the loopback service receives one encrypted message for that person, with the delivery code', async () => {
    const comprador = await compradorConDireccion(t);
    const celular = await dispositivoDe(comprador);
    const delVendedor = await dispositivoDe(vendedor);
    const desde = servicio.recibidos.length;
    const pedidoId = await comprar(comprador, await producto(2), 2);
    const grupoId = await grupoDe(pedidoId);
    await t.app.jobs.runDue();

    expect(servicio.rechazos).toEqual([]);
    const recibidos = recibidosPor(celular, desde);
    // Order created, payment approved: not pushed by default. Group complete: pushed once.
    expect(recibidos).toHaveLength(1);
    const [mensaje] = recibidos;
    if (!mensaje) throw new Error('sin mensaje');
    const codigo = await codigoDe(pedidoId);
    expect(mensaje.mensaje).toEqual({
      titulo: expect.stringMatching(/^Grupo completo: /),
      cuerpo: expect.stringContaining(codigo),
      enlace: '/my-orders',
    });
    // Only the notice's own words: no email, name, address or id beyond it.
    expect(Object.keys(JSON.parse(mensaje.texto)).sort()).toEqual(['cuerpo', 'enlace', 'titulo']);
    expect(mensaje.texto).not.toContain(comprador.email);
    expect(mensaje.urgencia).toBe('high');
    expect(mensaje.ttl).toBeGreaterThan(0);
    expect(mensaje.claveVapid).toBe(clavePublica);
    expect(mensaje.sujeto).toMatch(/^mailto:/);
    const [aviso] = await t.database.db
      .select()
      .from(notificaciones)
      .where(eq(notificaciones.clave, `grupo-completo:${grupoId}:${comprador.userId}`));
    expect(mensaje.tema).toBe(aviso?.id);

    // The seller hears the group filled, to prepare it.
    const alVendedor = recibidosPor(delVendedor, desde).map((m) => m.mensaje);
    expect(alVendedor).toEqual([
      {
        titulo: expect.stringMatching(/^Grupo completo: preparar /),
        cuerpo: 'Prepará 2 unidades para 1 pedido.',
        enlace: '/delivery-orders',
      },
    ]);

    // Running the jobs again sends nothing more.
    await t.app.jobs.runDue();
    expect(recibidosPor(celular, desde)).toHaveLength(1);
  });

  it('tells the others in a group when 2 and then 1 places are left, once each, and opens the group', async () => {
    const ana = await compradorConDireccion(t);
    const beto = await compradorConDireccion(t);
    const carla = await compradorConDireccion(t);
    const deAna = await dispositivoDe(ana);
    const deBeto = await dispositivoDe(beto);
    const deCarla = await dispositivoDe(carla);
    const desde = servicio.recibidos.length;
    const productoId = await producto(5);
    const primero = await comprar(ana, productoId, 2);
    const grupoId = await grupoDe(primero);
    await comprar(beto, productoId, 1); // 2 left
    await comprar(carla, productoId, 1); // 1 left
    await t.app.jobs.runDue();

    expect(servicio.rechazos).toEqual([]);
    // Sorted: one run sends a person's two notices at once, in any order.
    const casi = (d: DispositivoDePrueba) =>
      recibidosPor(d, desde)
        .map((m) => m.mensaje)
        .filter((m) => m.titulo.includes('casi completo'))
        .sort((a, b) => b.cuerpo.localeCompare(a.cuerpo));
    expect(casi(deAna)).toEqual([
      {
        titulo: expect.stringContaining('está casi completo'),
        cuerpo: 'Faltan 2 lugares. Compartilo con quien pueda sumarse.',
        enlace: `/group/${grupoId}`,
      },
      {
        titulo: expect.stringContaining('está casi completo'),
        cuerpo: 'Falta 1 lugar. Compartilo con quien pueda sumarse.',
        enlace: `/group/${grupoId}`,
      },
    ]);
    // Beto took the second to last places: he hears only of the last one; Carla took that.
    expect(casi(deBeto).map((m) => m.cuerpo)).toEqual([
      'Falta 1 lugar. Compartilo con quien pueda sumarse.',
    ]);
    expect(casi(deCarla)).toEqual([]);
    const avisos = await t.database.db
      .select()
      .from(notificaciones)
      .where(like(notificaciones.clave, `grupo-casi-completo:${grupoId}:%`));
    expect(avisos).toHaveLength(3);
  });

  it('a group about to expire tells its shoppers (and its seller, as before)', async () => {
    const ana = await compradorConDireccion(t);
    const deAna = await dispositivoDe(ana);
    const desde = servicio.recibidos.length;
    const pedidoId = await comprar(ana, await producto(5), 1);
    const grupoId = await grupoDe(pedidoId);
    await t.database.db
      .update(gruposDeCompra)
      .set({ fechaLimite: new Date(clock.now().getTime() + 2 * 60 * 60_000) })
      .where(eq(gruposDeCompra.id, grupoId));
    await t.app.services.cancelacionDeGrupo.avisarPorVencer();
    await t.app.services.cancelacionDeGrupo.avisarPorVencer();
    await t.app.jobs.runDue();
    const porVencer = recibidosPor(deAna, desde)
      .map((m) => m.mensaje)
      .filter((m) => m.titulo.includes('vence pronto'));
    expect(porVencer).toEqual([
      {
        titulo: expect.stringMatching(/^Tu grupo de .+ vence pronto$/),
        cuerpo: expect.stringContaining('faltan 4 lugares'),
        enlace: `/group/${grupoId}`,
      },
    ]);
    const [delVendedor] = await t.database.db
      .select()
      .from(notificaciones)
      .where(eq(notificaciones.clave, `grupo-por-vencer:${grupoId}`));
    expect(delVendedor?.usuarioId).toBe(vendedor.userId);
  });

  it('an endpoint that answers 410 is deleted, and not tried again', async () => {
    const comprador = await compradorConDireccion(t);
    const viejo = await dispositivoDe(comprador);
    const nuevo = await dispositivoDe(comprador);
    servicio.responder(viejo.endpoint, { siempre: 410 });
    const desde = servicio.intentos.length;
    await comprar(comprador, await producto(1), 1);
    await t.app.jobs.runDue();

    expect(servicio.intentos.slice(desde).filter((i) => i.endpoint === viejo.endpoint)).toEqual([
      { endpoint: viejo.endpoint, estado: 410 },
    ]);
    expect((await suscripcionesDe(comprador.userId)).map((s) => s.endpoint)).toEqual([
      nuevo.endpoint,
    ]);
    expect(recibidosPor(nuevo).map((m) => m.mensaje.titulo)).toEqual([
      expect.stringMatching(/^Grupo completo/),
    ]);
    const jobs = await trabajosDePush(comprador.userId);
    expect(jobs.map((j) => [j.estado, j.intentos])).toEqual([['hecho', 1]]);
  });

  it('the device switch off: nothing is enqueued nor sent', async () => {
    const comprador = await compradorConDireccion(t);
    const celular = await dispositivoDe(comprador);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/aviso/preferencias',
      headers: comprador.auth,
      payload: { push: { grupo_completo: false } },
    });
    expect(res.statusCode).toBe(200);
    const pedidoId = await comprar(comprador, await producto(1), 1);
    await t.app.jobs.runDue();
    // The bell still has it.
    const avisos = await t.database.db
      .select()
      .from(notificaciones)
      .where(
        and(
          eq(notificaciones.usuarioId, comprador.userId),
          eq(notificaciones.tipo, 'grupo_completo'),
        ),
      );
    expect(avisos).toHaveLength(1);
    expect(avisos[0]?.cuerpo).toContain(await codigoDe(pedidoId));
    expect(recibidosPor(celular)).toEqual([]);
    expect(await trabajosDePush(comprador.userId)).toEqual([]);
  });

  it('a switch turned off after the event stops the queued push; a read notice is not pushed', async () => {
    const comprador = await compradorConDireccion(t);
    const celular = await dispositivoDe(comprador);
    servicio.responder(celular.endpoint, { luego: [503] });
    await comprar(comprador, await producto(1), 1);
    await t.app.jobs.runDue();
    expect(recibidosPor(celular)).toEqual([]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/aviso/preferencias',
      headers: comprador.auth,
      payload: { push: { grupo_completo: false } },
    });
    clock.advance(60_000);
    await t.app.jobs.runDue();
    expect(recibidosPor(celular)).toEqual([]);

    const otro = await compradorConDireccion(t);
    const deOtro = await dispositivoDe(otro);
    servicio.responder(deOtro.endpoint, { luego: [500] });
    await comprar(otro, await producto(1), 1);
    await t.app.jobs.runDue();
    await t.app.inject({ method: 'POST', url: '/api/aviso/leer-todos', headers: otro.auth });
    clock.advance(60_000);
    await t.app.jobs.runDue();
    expect(recibidosPor(deOtro)).toEqual([]);
  });

  it('a 500 is retried with backoff, then delivered once; the job keeps no endpoint', async () => {
    const comprador = await compradorConDireccion(t);
    const celular = await dispositivoDe(comprador);
    servicio.responder(celular.endpoint, { luego: [500, 429] });
    await comprar(comprador, await producto(1), 1);
    await t.app.jobs.runDue();
    expect(recibidosPor(celular)).toEqual([]);
    const [job] = await trabajosDePush(comprador.userId);
    expect(job).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect(job).toMatchObject({ maxIntentos: MAX_INTENTOS_PUSH });
    expect(job?.ultimoError).toMatch(/se reintenta/);
    expect(job?.ultimoError).not.toContain('127.0.0.1');
    expect(JSON.stringify(job?.payload)).not.toContain('push/');
    // Not before its backoff (5 s, then 10 s).
    await t.app.jobs.runDue();
    expect(servicio.intentos.filter((i) => i.endpoint === celular.endpoint)).toHaveLength(1);
    clock.advance(5_000);
    await t.app.jobs.runDue();
    clock.advance(10_000);
    await t.app.jobs.runDue();
    expect(
      servicio.intentos.filter((i) => i.endpoint === celular.endpoint).map((i) => i.estado),
    ).toEqual([500, 429, 201]);
    expect(recibidosPor(celular).map((m) => m.mensaje.titulo)).toEqual([
      expect.stringMatching(/^Grupo completo/),
    ]);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('two nodes on one PostgreSQL database', () => {
  it('both run their jobs at once: each notice reaches the device once', async () => {
    if (!t.database.connectionString) throw new Error('sin connectionString');
    const database = await openDatabase({
      kind: 'postgres',
      url: t.database.connectionString,
    });
    const otroNodo = await buildApp({ config: t.app.config, database, clock });
    try {
      const compradores = await Promise.all([
        compradorConDireccion(t),
        compradorConDireccion(t),
        compradorConDireccion(t),
      ]);
      const dispositivos = await Promise.all(compradores.map((c) => dispositivoDe(c)));
      for (const c of compradores) await comprar(c, await producto(1), 1);
      await Promise.all([t.app.jobs.runDue(), otroNodo.jobs.runDue()]);
      for (const d of dispositivos) {
        expect(recibidosPor(d).map((m) => m.mensaje.titulo)).toEqual([
          expect.stringMatching(/^Grupo completo/),
        ]);
      }
    } finally {
      await otroNodo.close();
      await database.close();
    }
  });
});
