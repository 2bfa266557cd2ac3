import { errorBodySchema, userIdParamsSchema } from '@compra-grupal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pedidos, reembolsos } from '../db/schema';
import { demoVendedorEmail } from '../demo/demo-tiendas';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../demo/demo-usuarios';
import type { Actor } from '../lib/actor';
import { bearerSecurity } from '../lib/error-responses';
import { newId } from '../lib/ids';
import { type LoggedIn, login, registerAndLogin, uniqueEmail } from '../test/auth-helpers';
import { openApiExamples } from '../test/openapi-examples';
import { productoYGrupoDemo } from '../test/producto-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The ownership rule, derived from the route table (docs/decisions/014). Every route of the
 * OpenAPI document the app generates whose path, query or top-level body names an id (`_id`,
 * `userId`, `tiendaId`, `productoId`, `grupoId`, `pedidoId`... anything ending in `Id`) is
 * probed with the id of a resource that belongs to someone else: as another signed-in user and
 * as an anonymous caller it must answer 401, 403 or 404 in the shared error shape, never 2xx
 * and never 500. The list is not written by hand: a route added later without an access check
 * fails here, and an id name without a fixture below fails until one is added.
 */

/**
 * Reads that are public by design, to anyone: probing them as a stranger is expected to work.
 * Each entry is a deliberate decision; a stale entry (no such route) fails the test.
 */
const PUBLICAS: Record<string, string> = {
  // The store page (spec: a shared link opens it for visitors).
  'GET /api/tienda/con-productos/{tiendaId}': 'página pública de la tienda',
  // The product page (spec: shared links open it for visitors).
  'GET /api/producto/{productoId}': 'página pública del producto',
  // The group page (spec: a shared /group/{groupId} link opens it for visitors); it names
  // no participant.
  'GET /api/grupoDeCompra/grupoConProducto/{groupId}': 'página pública del grupo',
  // The pictures those pages' links show when shared (og:image): what the pages show.
  'GET /api/compartir/grupo/{groupId}.png': 'tarjeta para compartir del grupo',
  'GET /api/compartir/producto/{productoId}.png': 'tarjeta para compartir del producto',
};

/** Names that name a resource: `_id` and any `…Id` (userId, tiendaId, pedidoId...). */
const ES_ID = /^_id$|Id$/;

/** The owner of the probed resources: a demo seller, with their store and one product. */
interface Owner extends LoggedIn {
  tiendaId: string;
  productoId: string;
  /** The open group of the owner's product. */
  groupId: string;
  /** An address of the owner's, with its point on the map. */
  direccionId: string;
  /** An order of the owner's, and a shipping option the server offers from their store. */
  pedidoId: string;
  envio: { carrier: string; servicio: string };
  /**
   * The delivery code of that order, marked approved so that the right code gets a courier
   * or an admin past the code check (pedido/compararCodigo).
   */
  codigo: string;
  /** A notification of the owner's (the bell, docs/decisions/041). */
  avisoId: string;
  /** A refund of the owner's order (the team retries it, docs/decisions/058). */
  reembolsoId: string;
}

/**
 * For each id name, the id of a resource of the owner. A route that names a new kind of id
 * (grupoId, pedidoId...) needs its fixture here: create one for the owner in `beforeAll`.
 */
const FIXTURES: Record<string, (owner: Owner) => string> = {
  userId: (o) => o.userId,
  usuarioId: (o) => o.userId,
  tiendaId: (o) => o.tiendaId,
  productoId: (o) => o.productoId,
  groupId: (o) => o.groupId,
  direccionId: (o) => o.direccionId,
  direccionDestinoId: (o) => o.direccionId,
  grupoId: (o) => o.groupId,
  pedidoId: (o) => o.pedidoId,
  // pedido/compararCodigo names the order as `_id`.
  _id: (o) => o.pedidoId,
  avisoId: (o) => o.avisoId,
  reembolsoId: (o) => o.reembolsoId,
};

interface Callers {
  owner: Owner;
  stranger: LoggedIn;
  admin: LoggedIn;
  /** The shopper who bought the owner's order. */
  buyer: LoggedIn;
}

/** Reads the app's OpenAPI document: the routes that name ids, and a prober for them. */
function routeTable(app: FastifyInstance, callers: Callers) {
  // A valid value: the owner's resource for an id, a fresh email, or the schema's example.
  const { doc, concrete, example } = openApiExamples(app, (name) => {
    const fixture = FIXTURES[name];
    if (fixture) return fixture(callers.owner);
    if (name === 'email') return uniqueEmail('acceso');
    if (name === 'carrier' || name === 'servicio') return callers.owner.envio[name];
    if (name === 'codigo') return callers.owner.codigo;
    return undefined;
  });

  /** Every operation whose path, query or top-level body names an id. */
  const routes = Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const parameters = (operation.parameters ?? []).filter(
        (p) => p.in === 'path' || p.in === 'query',
      );
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const bodyFields = bodySchema ? Object.keys(concrete(bodySchema).properties ?? {}) : [];
      const ids = [...parameters.map((p) => p.name), ...bodyFields].filter((n) => ES_ID.test(n));
      if (ids.length === 0) return [];
      const key = `${method.toUpperCase()} ${template}`;
      return [{ key, method, template, parameters, bodySchema, ids }];
    }),
  );
  type Route = (typeof routes)[number];

  const send = (route: Route, headers: Record<string, string>): Promise<LightMyRequestResponse> => {
    let url = route.template;
    const query: string[] = [];
    for (const p of route.parameters) {
      const value = encodeURIComponent(String(example(p.schema, p.name)));
      if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
      else query.push(`${encodeURIComponent(p.name)}=${value}`);
    }
    if (query.length) url += `?${query.join('&')}`;
    const body = route.bodySchema ? example(route.bodySchema, '') : undefined;
    return app.inject({
      method: route.method.toUpperCase() as 'GET',
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };

  /** Probes the routes as another user and anonymously; answers what went wrong. */
  const probe = async (selected: Route[]): Promise<string[]> => {
    const failures: string[] = [];
    for (const route of selected) {
      // The probe reaches the check it tests: the owner, the order's buyer or an admin gets
      // through.
      const byOwner = await send(route, callers.owner.auth);
      const byBuyer = await send(route, callers.buyer.auth);
      const byAdmin = await send(route, callers.admin.auth);
      if ([byOwner, byBuyer, byAdmin].every((res) => [400, 401, 403].includes(res.statusCode))) {
        failures.push(
          `${route.key}: ni el dueño, ni quien compró, ni un admin pasan (${byOwner.statusCode} ${byOwner.body.slice(0, 200)})`,
        );
      }
      const callersToProbe = [
        ['otro usuario', callers.stranger.auth],
        ['anónimo', {}],
      ] as const;
      for (const [who, headers] of callersToProbe) {
        const res = await send(route, headers);
        if (![401, 403, 404].includes(res.statusCode)) {
          failures.push(`${route.key} como ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else if (!errorBodySchema.safeParse(res.json()).success) {
          failures.push(
            `${route.key} como ${who}: sin la forma de error: ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    return failures;
  };

  return { routes, probe };
}

describe('security: every route that names an id checks access (derived from the routes)', () => {
  let t: TestApp;
  let table: ReturnType<typeof routeTable>;

  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' },
      { demoStores: true },
    );
    await t.app.ready();
    const vendedor = await login(t.app, demoVendedorEmail(0), DEMO_PASSWORD);
    const { tiendaId, productoId, groupId } = await productoYGrupoDemo(t, vendedor);
    const direccion = await t.app.inject({
      method: 'POST',
      url: `/api/direccion/${vendedor.userId}`,
      headers: vendedor.auth,
      payload: {
        direccion: 'Av. Rivadavia 5000',
        latitud: -34.6186,
        longitud: -58.442,
        provincia: 'Ciudad Autónoma de Buenos Aires',
        ciudad: 'Caballito',
      },
    });
    const direccionId = direccion.json().direccion?._id as string | undefined;
    if (!direccionId) throw new Error(`no se pudo agregar la dirección: ${direccion.body}`);
    // The order of the owner's store is a shopper's (nobody buys from their own store): its
    // buyer's routes are passed by the buyer, its seller's by the owner.
    const comprador = await registerAndLogin(t.app);
    const suDireccion = await t.app.inject({
      method: 'POST',
      url: `/api/direccion/${comprador.userId}`,
      headers: comprador.auth,
      payload: {
        direccion: 'Av. Rivadavia 5100',
        latitud: -34.6186,
        longitud: -58.442,
        provincia: 'Ciudad Autónoma de Buenos Aires',
        ciudad: 'Caballito',
      },
    });
    const suDireccionId = suDireccion.json().direccion?._id as string | undefined;
    if (!suDireccionId) throw new Error(`no se pudo agregar la dirección: ${suDireccion.body}`);
    const paquete = { peso: 1, largo: 20, ancho: 20, alto: 20 };
    const opciones = await t.app.services.envio.cotizarParaPedido({
      tiendaId,
      direccion: { latitud: -34.6186, longitud: -58.442 },
      lineas: [{ paquete, cantidad: 1 }],
    });
    const opcion = opciones.find((o) => o.carrier === 'Correo Argentino') ?? opciones[0];
    if (!opcion) throw new Error('el tarifario no cotizó nada para la tienda demo');
    const envio = { carrier: opcion.carrier, servicio: opcion.servicio };
    const pedido = await t.app.inject({
      method: 'POST',
      url: '/api/pago/crearPreferencia',
      headers: comprador.auth,
      payload: {
        productos: [{ productoId, cantidadSolicitada: 1 }],
        usuarioId: comprador.userId,
        direccionId: suDireccionId,
        telefono: '+54 11 4444-5555',
        paquete,
        envios: [{ tiendaId, ...envio }],
      },
    });
    const pedidoId = pedido.json().pedidoId as string | undefined;
    if (!pedidoId) throw new Error(`no se pudo crear el pedido: ${pedido.body}`);
    const [aprobado] = await t.database.db
      .update(pedidos)
      .set({ aprobado: true })
      .where(eq(pedidos.id, pedidoId))
      .returning({ codigo: pedidos.codigo });
    if (!aprobado) throw new Error('no se pudo aprobar el pedido');
    await t.app.services.withTransaction((repos) =>
      t.app.services.aviso.avisar(repos, {
        clave: `acceso:${pedidoId}`,
        usuarioId: vendedor.userId,
        tipo: 'grupo_completo_vendedor',
        titulo: 'Grupo completo para preparar',
        cuerpo: 'Un aviso del dueño',
        enlace: '/my-store',
      }),
    );
    const [aviso] = await t.app.services.aviso
      .listar({ id: vendedor.userId, roles: [] }, undefined)
      .then((pagina) => pagina.avisos);
    if (!aviso) throw new Error('no se pudo crear el aviso del dueño');
    const reembolsoId = newId();
    await t.database.db.insert(reembolsos).values({
      id: reembolsoId,
      motivo: 'pedido_vencido',
      pedidoId,
      tiendaId,
      usuarioId: comprador.userId,
      montoCentavos: 0,
      clave: `acceso-${reembolsoId}`,
    });
    table = routeTable(t.app, {
      owner: {
        ...vendedor,
        tiendaId,
        productoId,
        groupId,
        direccionId,
        pedidoId,
        envio,
        codigo: aprobado.codigo,
        avisoId: aviso._id,
        reembolsoId,
      },
      stranger: await registerAndLogin(t.app),
      admin: await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD),
      buyer: comprador,
    });
  });
  afterAll(() => t.close());

  it('finds the routes that name ids (the user, the store and the product ones at least)', () => {
    expect(table.routes.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'GET /api/usuario/{userId}',
        'POST /api/usuario/esVendedor',
        'GET /api/direccion/{userId}',
        // Delivery (issue 14).
        'POST /api/pedido/obtenerPedidosConGruposPorUsuario',
        'GET /api/pedido/obtenerPedidosPorTienda/{tiendaId}',
        'POST /api/pedido/obtenerPedidosSinEntregarPorIds',
        'POST /api/pedido/marcarPedidoComoEntregado',
        'POST /api/pedido/compararCodigo',
        // Bounded holds (issue 21): the owner cancels an unpaid order.
        'POST /api/pedido/cancelar/{pedidoId}',
        // Group cancellation (issue 14): admins only.
        'POST /api/admin/grupos/{groupId}/cancelar',
        ...Object.keys(PUBLICAS),
      ]),
    );
  });

  it('every id a route names has a fixture of the owner', () => {
    const ids = new Set(table.routes.flatMap((r) => r.ids));
    expect(
      [...ids].filter((id) => !FIXTURES[id]),
      'add a fixture for these ids to FIXTURES',
    ).toEqual([]);
  });

  it('the public allowlist names existing routes only', () => {
    const keys = new Set(table.routes.map((r) => r.key));
    expect(Object.keys(PUBLICAS).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('another user and an anonymous caller get 401, 403 or 404, in the shared error shape', async () => {
    const protegidas = table.routes.filter((r) => !(r.key in PUBLICAS));
    expect(protegidas.length).toBeGreaterThan(0);
    expect(await table.probe(protegidas)).toEqual([]);
  });
});

describe('services check access themselves, whatever route or job calls them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000000' });
  });
  afterAll(() => t.close());

  it('a user-owned method refuses another user (403) and an anonymous caller (401)', async () => {
    const { usuario, direccion } = t.app.services;
    const owner = await registerAndLogin(t.app);
    const otro = { id: (await registerAndLogin(t.app)).userId, roles: [] };
    const calls = [
      (actor: Actor | null) => usuario.perfil(actor, owner.userId),
      (actor: Actor | null) => usuario.telefono(actor, owner.userId),
      (actor: Actor | null) => usuario.actualizarTelefono(actor, owner.userId, '1144443333'),
      (actor: Actor | null) => usuario.esVendedor(actor, owner.userId),
      (actor: Actor | null) => usuario.esRepartidor(actor, owner.userId),
      (actor: Actor | null) => direccion.listar(actor, owner.userId),
    ];
    for (const call of calls) {
      await expect(call(otro)).rejects.toMatchObject({ statusCode: 403, code: 'ACCESO_DENEGADO' });
      await expect(call(null)).rejects.toMatchObject({ statusCode: 401, code: 'TOKEN_AUSENTE' });
      await expect(call({ id: owner.userId, roles: [] })).resolves.toBeDefined();
    }
    // An admin may.
    expect(await usuario.telefono({ id: otro.id, roles: ['admin'] }, owner.userId)).toBe(
      '1144443333',
    );
  });
});

describe('the derived ownership test catches a route added without a check', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' });
  });
  afterAll(() => t.close());

  it('a new route naming a userId with no access check fails the probe', async () => {
    // Registered the way a module would, but forgetting the guard and the service check.
    t.app.withTypeProvider<ZodTypeProvider>().get(
      '/api/prueba/olvido/:userId',
      // Documented (the contract check would refuse an undocumented 200): only the check is missing.
      {
        schema: {
          params: userIdParamsSchema,
          security: bearerSecurity,
          response: { 200: z.object({ telefono: z.string() }) },
        },
      },
      async (request) => ({ telefono: request.params.userId }),
    );
    await t.app.ready();
    const owner = await registerAndLogin(t.app);
    const table = routeTable(t.app, {
      owner: {
        ...owner,
        tiendaId: owner.userId,
        productoId: owner.userId,
        groupId: owner.userId,
        direccionId: owner.userId,
        pedidoId: owner.userId,
        envio: { carrier: '-', servicio: '-' },
        codigo: 'ABCDEF',
        avisoId: owner.userId,
        reembolsoId: owner.userId,
      },
      stranger: await registerAndLogin(t.app),
      admin: await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD),
      buyer: owner,
    });
    const rogue = table.routes.filter((r) => r.key === 'GET /api/prueba/olvido/{userId}');
    expect(rogue).toHaveLength(1);
    const failures = await table.probe(rogue);
    expect(failures).toEqual([
      expect.stringMatching(/^GET \/api\/prueba\/olvido\/\{userId\} como otro usuario: 200/),
      expect.stringMatching(/^GET \/api\/prueba\/olvido\/\{userId\} como anónimo: 200/),
    ]);
  });
});
