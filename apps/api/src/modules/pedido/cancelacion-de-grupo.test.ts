import {
  cancelarGrupoResponseSchema,
  errorBodySchema,
  gruposParaAdminResponseSchema,
  rooms,
} from '@compra-grupal/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutPort, PaymentsProviderError } from '../../adapters/payments/payments.port';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import { createSandboxCheckout } from '../../adapters/payments/sandbox-checkout';
import {
  eventosSalientes,
  gruposDeCompra,
  mpSandboxPagos,
  pagosPorVendedor,
  participantesGrupo,
  reembolsos,
} from '../../db/schema';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { createJobRunner } from '../../jobs/job-runner';
import { schedulePeriodicJob } from '../../jobs/periodic-job';
import { createTestClock } from '../../lib/clock';
import { createRepositories } from '../../repositories';
import { type LoggedIn, login } from '../../test/auth-helpers';
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
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import { TIPO_GRUPOS_VENCIDOS } from './cancelacion-de-grupo.job';
import { createCancelacionDeGrupoService } from './cancelacion-de-grupo.service';
import { createCicloDeVida } from './ciclo-de-vida.service';
import { reembolsosJob } from './reembolsos.job';
import { createReembolsosService } from './reembolsos.service';

const clock = createTestClock();
let t: TestApp;
let vendedor: VendedorDePrueba;
let ana: CompradorDePrueba;
let beto: CompradorDePrueba;
let admin: LoggedIn;
let secreto: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
  await t.app.ready();
  [vendedor, ana, beto] = await Promise.all([
    vendedorConTienda(t),
    compradorConDireccion(t),
    compradorConDireccion(t),
  ]);
  await vincularCuentaDePrueba(
    t.database.db,
    { usuarioId: vendedor.userId, tiendaId: vendedor.tiendaId },
    { clock },
  );
  secreto = webhookSecret(t.app.config, await resolveMercadoPagoKey(t.database.db));
  admin = await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
});
afterAll(() => t.close());

/** Pays the seller's part on the sandbox checkout and delivers the provider's notification. */
const pagar = (who: CompradorDePrueba, pedidoId: string) =>
  pagarEnSandbox(t, who, pedidoId, vendedor.tiendaId, { secreto, ahora: () => clock.now() });

/** A paid order of `cantidad` places of the product; answers the provider's payment id. */
async function comprar(
  who: CompradorDePrueba,
  productoId: string,
  cantidad: number,
  otras: { productoId: string; cantidadSolicitada: number }[] = [],
) {
  const body = await pedidoDePrueba(
    t,
    who,
    [{ productoId, cantidadSolicitada: cantidad }, ...otras],
    [vendedor.tiendaId],
  );
  const res = await crearPreferencia(t, who, body);
  expect(res.statusCode, res.body).toBe(201);
  const pedidoId = res.json().pedidoId as string;
  const pagoId = await pagar(who, pedidoId);
  const [pago] = await t.database.db
    .select()
    .from(pagosPorVendedor)
    .where(eq(pagosPorVendedor.pedidoId, pedidoId));
  expect(pago?.estado).toBe('aprobado');
  expect(pago?.proveedorPagoId).toBe(pagoId);
  return { pedidoId, pagoId, envio: pago?.envioCentavos ?? 0 };
}

/** A product at $1000 whose groups need `lugares` places; answers it and its open group. */
async function productoConGrupo(lugares = 5, cambios: Record<string, string> = {}) {
  const producto = await crearProducto(t, vendedor, {
    stock: '50',
    precio: '1000',
    cantidadTotalGrupo: String(lugares),
    ...cambios,
  });
  const grupo = await abierto(producto._id);
  if (!grupo) throw new Error('el producto no abrió su grupo');
  return { productoId: producto._id, grupoId: grupo.id };
}

const abierto = async (productoId: string) =>
  (
    await t.database.db
      .select()
      .from(gruposDeCompra)
      .where(and(eq(gruposDeCompra.productoId, productoId), eq(gruposDeCompra.estado, 'abierto')))
  )[0];

const grupoDe = async (id: string) =>
  (await t.database.db.select().from(gruposDeCompra).where(eq(gruposDeCompra.id, id)))[0];

const reembolsosDe = (grupoId: string) =>
  t.database.db
    .select()
    .from(reembolsos)
    .where(eq(reembolsos.grupoId, grupoId))
    .orderBy(asc(reembolsos.creadoEn), asc(reembolsos.id));

/** The refunds the sandbox provider made of a payment (its 'Modo de prueba' record). */
async function reembolsosDelProveedor(pagoId: string) {
  const [row] = await t.database.db
    .select()
    .from(mpSandboxPagos)
    .where(eq(mpSandboxPagos.id, pagoId));
  const datos = row?.datos as { reembolsos?: { clave: string; montoCentavos: number }[] };
  return { estado: row?.estado, reembolsos: datos.reembolsos ?? [] };
}

type Quien = { auth: Record<string, string> } | null;
const cancelar = (who: Quien, grupoId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/grupos/${grupoId}/cancelar`,
    headers: who?.auth ?? {},
  });
const grupos = (who: Quien) => t.app.inject({ url: '/api/admin/grupos', headers: who?.auth ?? {} });

describe('group deadlines (plazoGrupoDias)', () => {
  it('a product created with plazoGrupoDias opens groups with a deadline the group page shows', async () => {
    const { grupoId } = await productoConGrupo(5, { plazoGrupoDias: '3' });
    const grupo = await grupoDe(grupoId);
    expect(grupo?.fechaLimite?.getTime()).toBe(
      (grupo?.fechaCreacion.getTime() ?? 0) + 3 * 24 * 60 * 60_000,
    );
    const res = await t.app.inject({ url: `/api/grupoDeCompra/grupoConProducto/${grupoId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().grupo.fechaLimite).toBe(grupo?.fechaLimite?.toISOString());

    const sinPlazo = await productoConGrupo(5);
    const otra = await t.app.inject({
      url: `/api/grupoDeCompra/grupoConProducto/${sinPlazo.grupoId}`,
    });
    expect(otra.json().grupo.fechaLimite).toBeNull();
  });

  it('refuses a plazo out of 1..90 days', async () => {
    await expect(productoConGrupo(5, { plazoGrupoDias: '91' })).rejects.toThrow(/plazo/);
  });
});

describe('POST admin/grupos/{groupId}/cancelar', () => {
  it('cancels an open group: each participant refunded their share once, the room hears it, the next group opens; twice is 409', async () => {
    const { productoId, grupoId } = await productoConGrupo(5);
    const deAna = await comprar(ana, productoId, 2);
    const deBeto = await comprar(beto, productoId, 1);

    const lista = await grupos(admin);
    expect(lista.statusCode, lista.body).toBe(200);
    const enLista = gruposParaAdminResponseSchema
      .parse(lista.json())
      .grupos.find((g) => g._id === grupoId);
    expect(enLista).toMatchObject({
      estado: 'abierto',
      lugaresOcupados: 3,
      lugaresNecesarios: 5,
      productoId,
      productoNombre: 'Yerba mate 1 kg',
      participantes: 2,
      montoAReembolsar: (300_000 + deAna.envio + deBeto.envio) / 100,
      fechaLimite: null,
    });

    const res = await cancelar(admin, grupoId);
    expect(res.statusCode, res.body).toBe(200);
    expect(cancelarGrupoResponseSchema.parse(res.json())).toEqual({
      mensaje: 'Grupo cancelado',
      reembolsos: 2,
      montoReembolsado: (300_000 + deAna.envio + deBeto.envio) / 100,
    });

    const grupo = await grupoDe(grupoId);
    expect(grupo?.estado).toBe('cancelado');
    expect(grupo?.canceladoEn).not.toBeNull();
    const filas = await reembolsosDe(grupoId);
    const deUsuario = (usuarioId: string) => filas.find((f) => f.usuarioId === usuarioId);
    expect(filas).toHaveLength(2);
    // Nothing else of their parts will ship: the shipping goes back with the places.
    expect(deUsuario(ana.userId)).toMatchObject({
      montoCentavos: 200_000 + deAna.envio,
      estado: 'reembolsado',
      proveedorPagoId: deAna.pagoId,
    });
    expect(deUsuario(beto.userId)).toMatchObject({
      montoCentavos: 100_000 + deBeto.envio,
      estado: 'reembolsado',
      proveedorPagoId: deBeto.pagoId,
    });
    for (const f of filas) {
      expect(f.clave).toBe(`reembolso-grupo-${f.participanteId}`);
      expect(f.reembolsoId).toMatch(/^\d+$/);
      expect(f.reembolsadoEn).not.toBeNull();
    }
    // Each payment refunded in full: its places and its shipping.
    expect(await reembolsosDelProveedor(deAna.pagoId)).toMatchObject({
      estado: 'refunded',
      reembolsos: [{ clave: deUsuario(ana.userId)?.clave, montoCentavos: 200_000 + deAna.envio }],
    });
    expect((await reembolsosDelProveedor(deBeto.pagoId)).reembolsos).toHaveLength(1);

    // Everyone in the group's, the product's and the store's rooms hears it.
    const eventos = await t.database.db
      .select()
      .from(eventosSalientes)
      .where(
        and(
          eq(eventosSalientes.evento, 'grupoActualizado'),
          inArray(eventosSalientes.sala, [
            rooms.grupo(grupoId),
            rooms.producto(productoId),
            rooms.tienda(vendedor.tiendaId),
          ]),
        ),
      );
    const cancelados = eventos.filter(
      (e) => (e.payload as { estado: string; grupoId: string }).estado === 'cancelado',
    );
    expect(cancelados.map((e) => e.sala).sort()).toEqual(
      [rooms.grupo(grupoId), rooms.producto(productoId), rooms.tienda(vendedor.tiendaId)].sort(),
    );
    expect(cancelados[0]?.payload).toMatchObject({ grupoId, lugaresOcupados: 3 });

    // The product is on sale: its next group opens.
    const siguiente = await abierto(productoId);
    expect(siguiente?.id).not.toBe(grupoId);
    expect(siguiente?.lugaresOcupados).toBe(0);

    const otra = await cancelar(admin, grupoId);
    expect(otra.statusCode, otra.body).toBe(409);
    expect(errorBodySchema.parse(otra.json()).code).toBe('GRUPO_NO_CANCELABLE');
    expect(await reembolsosDe(grupoId)).toHaveLength(2);
    expect((await reembolsosDelProveedor(deAna.pagoId)).reembolsos).toHaveLength(1);

    const desconocido = await cancelar(admin, 'ffffffffffffffffffffffff');
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json().code).toBe('GRUPO_NO_ENCONTRADO');
  });

  it('a closed group is not cancelled (409)', async () => {
    const { grupoId } = await productoConGrupo(5);
    const cerrar = await t.app.inject({
      method: 'POST',
      url: `/api/grupoDeCompra/cerrarGrupo/${grupoId}`,
      headers: vendedor.auth,
    });
    expect(cerrar.statusCode, cerrar.body).toBe(200);
    const res = await cancelar(admin, grupoId);
    expect(res.statusCode).toBe(409);
    expect((await grupoDe(grupoId))?.estado).toBe('cerrado');
  });

  it('admins only: anonymous 401, shopper, seller and courier 403', async () => {
    const { grupoId } = await productoConGrupo(5);
    const repartidor = await login(t.app, DEMO_USUARIOS.repartidor.email, DEMO_PASSWORD);
    expect((await cancelar(null, grupoId)).statusCode).toBe(401);
    expect((await grupos(null)).statusCode).toBe(401);
    for (const who of [ana, vendedor, repartidor]) {
      expect((await cancelar(who, grupoId)).statusCode).toBe(403);
      expect((await grupos(who)).statusCode).toBe(403);
    }
    expect((await grupoDe(grupoId))?.estado).toBe('abierto');
  });
});

describe('refunds of a cancelled group, retried by the jobs', () => {
  it('refunds each participant exactly once though the provider fails the first two tries', async () => {
    const { productoId, grupoId } = await productoConGrupo(5);
    const deAna = await comprar(ana, productoId, 1);
    const deBeto = await comprar(beto, productoId, 3);

    // The sandbox provider behind a port that fails twice, then answers.
    const sandbox = createSandboxCheckout({
      db: t.database.db,
      publicUrl: t.app.config.PUBLIC_URL,
      webhookSecret: secreto,
      clock,
    }).port;
    const llamadas: { pagoId: string; clave: string; monto: number | undefined }[] = [];
    let fallos = 0;
    const intermitente: CheckoutPort = {
      ...sandbox,
      async reembolsar(pagoId, clave, accessToken, montoCentavos) {
        llamadas.push({ pagoId, clave, monto: montoCentavos });
        if (fallos < 2) {
          fallos++;
          throw new PaymentsProviderError('unavailable', 'Mercado Pago respondió 503');
        }
        return sandbox.reembolsar(pagoId, clave, accessToken, montoCentavos);
      },
    };
    const repositories = createRepositories(t.database.db);
    const reembolsos = createReembolsosService({
      repository: repositories.reembolso,
      checkout: intermitente,
      accessTokenVigente: (usuarioId) => t.app.services.mercadoPago.accessTokenVigente(usuarioId),
      clock,
    });
    const service = createCancelacionDeGrupoService({
      repositories,
      withTransaction: t.app.services.withTransaction,
      cicloDeVida: createCicloDeVida(),
      reembolsos,
      clock,
    });
    const jobs = createJobRunner({ db: t.database.db, clock });
    const trabajos = schedulePeriodicJob(jobs, reembolsosJob(reembolsos), {
      db: t.database.db,
      clock,
    });

    const cancelacion = await service.cancelar(grupoId);
    expect(cancelacion).toMatchObject({
      reembolsos: 2,
      montoCentavos: 400_000 + deAna.envio + deBeto.envio,
      reembolsados: 0,
    });
    let filas = await reembolsosDe(grupoId);
    expect(filas.map((f) => [f.estado, f.intentos])).toEqual([
      ['pendiente', 1],
      ['pendiente', 1],
    ]);
    expect(filas[0]?.ultimoError).toContain('503');

    // After the backoff the refund job tries again, with the same keys; the provider confirms.
    await trabajos.programar();
    await jobs.runDue();
    expect((await reembolsosDe(grupoId)).map((f) => f.estado)).toEqual(['pendiente', 'pendiente']);
    clock.advance(60_000);
    await trabajos.programar();
    await jobs.runDue();
    filas = await reembolsosDe(grupoId);
    expect(filas.map((f) => [f.estado, f.intentos, f.ultimoError])).toEqual([
      ['reembolsado', 2, null],
      ['reembolsado', 2, null],
    ]);

    // Later runs, and a second cancellation, refund nothing again.
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      await trabajos.programar();
      await jobs.runDue();
    }
    await expect(service.cancelar(grupoId)).rejects.toMatchObject({
      code: 'GRUPO_NO_CANCELABLE',
    });
    expect(llamadas).toHaveLength(4);
    const participantes = await t.database.db
      .select()
      .from(participantesGrupo)
      .where(eq(participantesGrupo.grupoId, grupoId));
    expect(new Set(llamadas.map((l) => l.clave))).toEqual(
      new Set(participantes.map((p) => `reembolso-grupo-${p.id}`)),
    );
    expect(await reembolsosDelProveedor(deAna.pagoId)).toMatchObject({
      estado: 'refunded',
      reembolsos: [{ montoCentavos: 100_000 + deAna.envio }],
    });
    expect((await reembolsosDelProveedor(deBeto.pagoId)).reembolsos).toEqual([
      expect.objectContaining({ montoCentavos: 300_000 + deBeto.envio }),
    ]);
  });

  it('keeps the shipping while another group still holds places of the same part', async () => {
    const a = await productoConGrupo(5);
    const b = await productoConGrupo(5);
    const compra = await comprar(ana, a.productoId, 1, [
      { productoId: b.productoId, cantidadSolicitada: 2 },
    ]);
    expect((await cancelar(admin, a.grupoId)).statusCode).toBe(200);
    expect((await reembolsosDe(a.grupoId)).map((f) => f.montoCentavos)).toEqual([100_000]);
    expect((await reembolsosDelProveedor(compra.pagoId)).estado).toBe('approved');
    // The last group of the part: its places and the shipping, the payment refunded in full.
    expect((await cancelar(admin, b.grupoId)).statusCode).toBe(200);
    expect((await reembolsosDe(b.grupoId)).map((f) => f.montoCentavos)).toEqual([
      200_000 + compra.envio,
    ]);
    expect((await reembolsosDelProveedor(compra.pagoId)).estado).toBe('refunded');
  });

  it('a group still open at its deadline is cancelled and refunded by the job', async () => {
    const { productoId, grupoId } = await productoConGrupo(5, { plazoGrupoDias: '1' });
    const { pagoId, envio } = await comprar(ana, productoId, 2);
    const fechaLimite = (await grupoDe(grupoId))?.fechaLimite;
    if (!fechaLimite) throw new Error('sin fecha límite');
    const ranura = () => Math.floor(clock.now().getTime() / 60_000);
    const programar = () =>
      t.app.jobs.enqueue(t.database.db, {
        tipo: TIPO_GRUPOS_VENCIDOS,
        payload: { ranura: ranura() },
        clave: `${TIPO_GRUPOS_VENCIDOS}:${ranura()}`,
      });

    // A minute before its deadline: still open.
    clock.set(new Date(fechaLimite.getTime() - 60_000));
    await programar();
    await t.app.jobs.runDue();
    expect((await grupoDe(grupoId))?.estado).toBe('abierto');

    clock.advance(2 * 60_000);
    await programar();
    await t.app.jobs.runDue();
    expect((await grupoDe(grupoId))?.estado).toBe('cancelado');
    const filas = await reembolsosDe(grupoId);
    expect(filas.map((f) => [f.usuarioId, f.montoCentavos, f.estado])).toEqual([
      [ana.userId, 200_000 + envio, 'reembolsado'],
    ]);
    expect((await reembolsosDelProveedor(pagoId)).reembolsos).toHaveLength(1);
    // The next group carries its own deadline.
    const siguiente = await abierto(productoId);
    expect(siguiente?.fechaLimite).not.toBeNull();
    expect(siguiente?.id).not.toBe(grupoId);
  });
});
