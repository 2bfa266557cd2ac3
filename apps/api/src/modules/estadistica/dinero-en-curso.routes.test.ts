import { dineroEnCursoSchema, reintentoDeReembolsoSchema } from '@compra-grupal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REEMBOLSOS_QUE_FALLAN,
  SANDBOX_COMISION_MP_PORCENTAJE,
} from '../../adapters/payments/sandbox-checkout';
import {
  gruposDeCompra,
  mpSandboxPagos,
  pagosPorVendedor,
  pedidoLineas,
  reembolsos,
  reintentosDeReembolso,
} from '../../db/schema';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { createTestClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { type LoggedIn, login } from '../../test/auth-helpers';
import {
  type CompradorDePrueba,
  compradorConDireccion,
  crearPreferencia,
  pagarEnSandbox,
  pedidoDePrueba,
} from '../../test/pedido-helpers';
import { crearProducto, type VendedorDePrueba } from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { vendedorQueCobra } from '../../test/vendedor-que-cobra';

/**
 * 'Dinero en curso' (issue 37): a payment whose refunds the provider refuses, a group
 * cancelled by the team, and the team's retries through the refund ledger: each recorded with
 * who asked, none refunding twice, whatever the clicks.
 */
const clock = createTestClock(new Date('2026-11-20T15:00:00Z'));
let t: TestApp;
let vendedor: VendedorDePrueba;
let secreto: string;
let comprador: CompradorDePrueba;
let admin: LoggedIn;
let pedidoId: string;
let pagoId: string;
let monto: number;
let reembolsoId: string;

const dinero = (quien: LoggedIn | null, desde = '2026-11-01', hasta = '2026-11-30') =>
  t.app.inject({
    url: `/api/admin/dinero?desde=${desde}&hasta=${hasta}`,
    headers: quien ? quien.auth : {},
  });

const reintentar = (quien: LoggedIn | null, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/reembolsos/${id}/reintentar`,
    headers: quien ? quien.auth : {},
  });

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
  ({ vendedor, secreto } = await vendedorQueCobra(t, clock));
  comprador = await compradorConDireccion(t);
  admin = await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
  const producto = await crearProducto(t, vendedor, {
    precio: '1000',
    stock: '50',
    cantidadTotalGrupo: '5',
  });
  const body = await pedidoDePrueba(
    t,
    comprador,
    [{ productoId: producto._id, cantidadSolicitada: 2 }],
    [vendedor.tiendaId],
  );
  const creado = await crearPreferencia(t, comprador, body);
  expect(creado.statusCode, creado.body).toBe(201);
  pedidoId = creado.json().pedidoId;
  pagoId = await pagarEnSandbox(t, comprador, pedidoId, vendedor.tiendaId, {
    secreto,
    ahora: () => clock.now(),
    accion: 'aprobar_reembolsos_fallan',
  });
  const [parte] = await t.database.db
    .select()
    .from(pagosPorVendedor)
    .where(eq(pagosPorVendedor.pedidoId, pedidoId));
  monto = parte?.montoCentavos ?? 0;
  const [grupo] = await t.database.db
    .select({ id: gruposDeCompra.id })
    .from(gruposDeCompra)
    .where(eq(gruposDeCompra.productoId, producto._id));
  // The team cancels the group: its refund is tried at once, and the provider refuses it.
  const cancelado = await t.app.inject({
    method: 'POST',
    url: `/api/admin/grupos/${grupo?.id}/cancelar`,
    headers: admin.auth,
  });
  expect(cancelado.statusCode, cancelado.body).toBe(200);
  const [reembolso] = await t.database.db
    .select()
    .from(reembolsos)
    .where(eq(reembolsos.pedidoId, pedidoId));
  reembolsoId = reembolso?.id ?? '';
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the payment applied', () => {
  it('records when the part was sold and the fees the provider reported', async () => {
    const [parte] = await t.database.db
      .select()
      .from(pagosPorVendedor)
      .where(eq(pagosPorVendedor.pedidoId, pedidoId));
    expect(parte?.aprobadoEn?.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(parte?.comisionMpCentavos).toBe(
      Math.round((monto * SANDBOX_COMISION_MP_PORCENTAJE) / 100),
    );
    // MP_MARKETPLACE_FEE_PERCENT's default, 5 %.
    expect(parte?.comisionMarketplaceCentavos).toBe(Math.round(monto * 0.05));
    const lineas = await t.database.db
      .select()
      .from(pedidoLineas)
      .where(eq(pedidoLineas.pedidoId, pedidoId));
    expect(lineas.map((l) => l.vendidoEn?.toISOString())).toEqual(['2026-11-20T15:00:00.000Z']);
  });
});

describe('GET admin/dinero', () => {
  it('lists the refused refund with the provider answer, and the period totals', async () => {
    const res = await dinero(admin);
    expect(res.statusCode, res.body).toBe(200);
    const vista = dineroEnCursoSchema.parse(res.json());
    const fila = vista.reembolsos.find((r) => r._id === reembolsoId);
    expect(fila).toMatchObject({
      motivo: 'grupo_cancelado',
      pedidoId,
      numero: `#${pedidoId.slice(-6).toUpperCase()}`,
      tiendaNombre: 'Almacén de Prueba',
      intentos: 1,
      fallando: false,
      reintentos: [],
    });
    expect(fila?.ultimoError).toContain('503');
    expect(vista.totales).toEqual({
      ventas: monto / 100,
      comisiones: Math.round(monto * 0.05) / 100,
      reembolsos: 0,
    });
    // Another month holds none of it.
    const octubre = dineroEnCursoSchema.parse(
      (await dinero(admin, '2026-10-01', '2026-10-31')).json(),
    );
    expect(octubre.totales).toEqual({ ventas: 0, comisiones: 0, reembolsos: 0 });
  });

  it('lists payments refused for not matching their part', async () => {
    await t.database.db.insert(reembolsos).values({
      id: newId(),
      motivo: 'pago_no_coincide',
      pedidoId,
      tiendaId: vendedor.tiendaId,
      usuarioId: comprador.userId,
      proveedorPagoId: '99887766',
      montoCentavos: 12_345,
      estado: 'reembolsado',
      clave: `reembolso-99887766-${newId()}`,
      reembolsadoEn: clock.now(),
    });
    const vista = dineroEnCursoSchema.parse((await dinero(admin)).json());
    expect(vista.pagosNoCoincidentes).toContainEqual(
      expect.objectContaining({ proveedorPagoId: '99887766', monto: 123.45, reembolsado: true }),
    );
  });

  it('is the team’s only: a seller 403, nobody 401', async () => {
    expect((await dinero(vendedor)).statusCode).toBe(403);
    expect((await dinero(null)).statusCode).toBe(401);
    expect((await reintentar(vendedor, reembolsoId)).statusCode).toBe(403);
    expect((await reintentar(null, reembolsoId)).statusCode).toBe(401);
  });
});

describe('POST admin/reembolsos/{id}/reintentar', () => {
  it('tries again now; refused again, it says so and keeps the answer', async () => {
    expect(REEMBOLSOS_QUE_FALLAN).toBe(2);
    const res = await reintentar(admin, reembolsoId);
    expect(res.statusCode, res.body).toBe(200);
    const reintento = reintentoDeReembolsoSchema.parse(res.json());
    expect(reintento.resultado).toBe('fallido');
    expect(reintento.mensaje).toBe('Mercado Pago volvió a rechazar el reembolso');
    expect(reintento.reembolso.intentos).toBe(2);
    expect(reintento.reembolso.ultimoError).toContain('503');
    expect(reintento.reembolso.reintentos).toEqual([
      { por: DEMO_USUARIOS.admin.nombre, en: clock.now().toISOString(), resultado: 'fallido' },
    ]);
  });

  // On PostgreSQL (TEST_DATABASE_URL, the second API run) the three clicks hold three
  // connections at once; on PGlite they take turns.
  it('refunds once however many clicks arrive together, and records each', async () => {
    const respuestas = await Promise.all([
      reintentar(admin, reembolsoId),
      reintentar(admin, reembolsoId),
      reintentar(admin, reembolsoId),
    ]);
    const resultados = respuestas.map((r) => reintentoDeReembolsoSchema.parse(r.json()).resultado);
    expect(resultados.filter((r) => r === 'reembolsado')).toHaveLength(1);
    for (const r of resultados) expect(['reembolsado', 'en_curso', 'ya_reembolsado']).toContain(r);

    const [pago] = await t.database.db
      .select()
      .from(mpSandboxPagos)
      .where(eq(mpSandboxPagos.id, pagoId));
    expect((pago?.datos as { reembolsos?: unknown[] } | undefined)?.reembolsos).toHaveLength(1);
    const [fila] = await t.database.db
      .select()
      .from(reembolsos)
      .where(eq(reembolsos.id, reembolsoId));
    expect(fila?.estado).toBe('reembolsado');

    const otra = reintentoDeReembolsoSchema.parse((await reintentar(admin, reembolsoId)).json());
    expect(otra).toMatchObject({
      resultado: 'ya_reembolsado',
      mensaje: 'El reembolso ya estaba hecho',
    });
    const registrados = await t.database.db
      .select()
      .from(reintentosDeReembolso)
      .where(eq(reintentosDeReembolso.reembolsoId, reembolsoId));
    expect(registrados).toHaveLength(5);
    expect(new Set(registrados.map((r) => r.usuarioId))).toEqual(new Set([admin.userId]));

    // Gone from the pending ones, and counted in the period's refunds.
    const vista = dineroEnCursoSchema.parse((await dinero(admin)).json());
    expect(vista.reembolsos.map((r) => r._id)).not.toContain(reembolsoId);
    expect(vista.totales.reembolsos).toBe(123.45 + (fila?.montoCentavos ?? 0) / 100);
  });

  it('answers 404 for a refund that does not exist and records nothing', async () => {
    const res = await reintentar(admin, newId());
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('REEMBOLSO_NO_ENCONTRADO');
  });
});
