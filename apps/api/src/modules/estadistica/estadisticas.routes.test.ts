import { estadisticasDeTiendaSchema } from '@compra-grupal/contracts';
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gruposDeCompra,
  pagosPorVendedor,
  pedidoLineas,
  pedidos,
  reembolsos,
} from '../../db/schema';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { newId } from '../../lib/ids';
import { type LoggedIn, login, registerAndLogin } from '../../test/auth-helpers';
import {
  crearProducto,
  type VendedorDePrueba,
  vendedorConTienda,
} from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { generarCodigoEntrega } from '../pedido/codigo-entrega';

/**
 * A store's figures equal a hand computation (issue 37): sales paid, refunded whole and in
 * part (a pending refund and a duplicate payment's refund do not count), delivered and not,
 * an unpaid order, groups filled, cancelled, expired and open, across October and November
 * 2026 and the Buenos Aires day boundary (UTC−3: 02:30 UTC is still the day before).
 */
// Days, medians and sums are the database's: the file runs on PostgreSQL too (TEST_DATABASE_URL).
let t: TestApp;
let vendedor: VendedorDePrueba;
let otroVendedor: VendedorDePrueba;
let comprador: LoggedIn;
let admin: LoggedIn;
let yerba: string;
let cafe: string;

const $ = (pesos: number) => Math.round(pesos * 100);

/** One sold (or unpaid) part with its line, in centavos. */
interface Venta {
  aprobadoEn: string | null;
  producto: () => string;
  cantidad: number;
  precio: number;
  envio: number;
  comisiones: { mp: number; marketplace: number } | null;
  entregada?: boolean;
  /** Refunds of this part's payment: confirmed or still pending. */
  reembolsos?: { monto: number; confirmado: boolean }[];
  /** A second payment of the part, refunded whole (not the sale's money). */
  duplicado?: number;
}

const VENTAS: Record<string, Venta> = {
  // 2026-10-31 23:30 in Buenos Aires: October's, though November in UTC.
  octubre: {
    aprobadoEn: '2026-11-01T02:30:00Z',
    producto: () => yerba,
    cantidad: 2,
    precio: 4500,
    envio: 1000,
    comisiones: { mp: 629, marketplace: 500 },
    entregada: true,
  },
  // 2026-11-01 00:00 in Buenos Aires: November's first minute. Refunded whole.
  reembolsada: {
    aprobadoEn: '2026-11-01T03:00:00Z',
    producto: () => cafe,
    cantidad: 1,
    precio: 4500,
    envio: 500,
    comisiones: { mp: 314.5, marketplace: 250 },
    reembolsos: [{ monto: 5000, confirmado: true }],
  },
  // Refunded in part (1.200 confirmed, 300 pending), and paid twice (the second refunded).
  enParte: {
    aprobadoEn: '2026-11-15T15:00:00Z',
    producto: () => yerba,
    cantidad: 3,
    precio: 2000,
    envio: 2000,
    comisiones: { mp: 503.2, marketplace: 400 },
    reembolsos: [
      { monto: 1200, confirmado: true },
      { monto: 300, confirmado: false },
    ],
    duplicado: 8000,
  },
  // 2026-11-29 23:59 in Buenos Aires; no fees reported.
  sinComisiones: {
    aprobadoEn: '2026-11-30T02:59:00Z',
    producto: () => cafe,
    cantidad: 1,
    precio: 2500,
    envio: 500,
    comisiones: null,
  },
  // 2026-11-30 23:30 in Buenos Aires: still November, though December in UTC.
  finDeMes: {
    aprobadoEn: '2026-12-01T02:30:00Z',
    producto: () => yerba,
    cantidad: 1,
    precio: 1800,
    envio: 200,
    comisiones: { mp: 125.8, marketplace: 100 },
  },
  diciembre: {
    aprobadoEn: '2026-12-01T03:00:00Z',
    producto: () => cafe,
    cantidad: 2,
    precio: 3000,
    envio: 1000,
    comisiones: { mp: 440.3, marketplace: 350 },
  },
  // Its reservation expired unpaid: no sale.
  vencida: {
    aprobadoEn: null,
    producto: () => yerba,
    cantidad: 5,
    precio: 4500,
    envio: 1000,
    comisiones: null,
  },
};

async function sembrarVenta(venta: Venta) {
  const db = t.database.db;
  const pedidoId = newId();
  const monto = $(venta.cantidad * venta.precio + venta.envio);
  const proveedorPagoId = venta.aprobadoEn ? `${Date.now()}${Math.random()}`.slice(0, 18) : null;
  const creado = new Date(venta.aprobadoEn ?? '2026-11-10T12:00:00Z');
  await db.insert(pedidos).values({
    id: pedidoId,
    usuarioId: comprador.userId,
    codigo: generarCodigoEntrega(),
    direccion: 'Av. Santa Fe 3253',
    ciudad: 'Ciudad Autónoma de Buenos Aires',
    provincia: 'Ciudad Autónoma de Buenos Aires',
    telefono: '+54 11 5555-0101',
    paquete: { peso: 1, largo: 10, ancho: 10, alto: 10 },
    aprobado: venta.aprobadoEn !== null,
    creadoEn: creado,
    reservaExpiraEn: new Date(creado.getTime() + 15 * 60_000),
  });
  await db.insert(pedidoLineas).values({
    id: newId(),
    pedidoId,
    productoId: venta.producto(),
    tiendaId: vendedor.tiendaId,
    cantidad: venta.cantidad,
    precioCentavos: $(venta.precio),
    reserva: venta.aprobadoEn ? 'vendido' : 'liberado',
    vendidoEn: venta.aprobadoEn ? new Date(venta.aprobadoEn) : null,
  });
  await db.insert(pagosPorVendedor).values({
    id: newId(),
    pedidoId,
    tiendaId: vendedor.tiendaId,
    estado: venta.aprobadoEn ? 'aprobado' : 'rechazado',
    montoCentavos: monto,
    envioCentavos: $(venta.envio),
    envioCarrier: 'Correo Argentino',
    envioServicio: 'Clásico a domicilio',
    proveedorPagoId,
    aprobadoEn: venta.aprobadoEn ? new Date(venta.aprobadoEn) : null,
    comisionMpCentavos: venta.comisiones ? $(venta.comisiones.mp) : null,
    comisionMarketplaceCentavos: venta.comisiones ? $(venta.comisiones.marketplace) : null,
    ...(venta.entregada
      ? { entregadoEn: new Date('2026-11-05T15:00:00Z'), entregaMetodo: 'manual' as const }
      : {}),
  });
  const reembolso = (montoPesos: number, pagoId: string, confirmado: boolean) => ({
    id: newId(),
    motivo: 'grupo_cancelado' as const,
    pedidoId,
    tiendaId: vendedor.tiendaId,
    usuarioId: comprador.userId,
    proveedorPagoId: pagoId,
    montoCentavos: $(montoPesos),
    estado: confirmado ? ('reembolsado' as const) : ('pendiente' as const),
    clave: `prueba-${newId()}`,
    reembolsadoEn: confirmado ? new Date('2026-11-20T12:00:00Z') : null,
  });
  for (const r of venta.reembolsos ?? []) {
    await db.insert(reembolsos).values(reembolso(r.monto, proveedorPagoId as string, r.confirmado));
  }
  if (venta.duplicado) {
    await db
      .insert(reembolsos)
      .values({ ...reembolso(venta.duplicado, 'duplicado', true), motivo: 'pago_duplicado' });
  }
}

/** The groups of the two products, with their times (UTC). */
async function sembrarGrupos() {
  const db = t.database.db;
  // The groups the products opened when loaded are replaced by the scenario's.
  await db.delete(gruposDeCompra).where(inArray(gruposDeCompra.productoId, [yerba, cafe]));
  const grupo = (
    productoId: string,
    estado: 'abierto' | 'cerrado' | 'completado' | 'cancelado',
    abierto: string,
    fin: { cerrado?: string; cancelado?: string; limite?: string } = {},
  ) => ({
    id: newId(),
    productoId,
    estado,
    lugaresNecesarios: 4,
    lugaresOcupados: estado === 'abierto' ? 1 : estado === 'cancelado' ? 2 : 4,
    precioCentavos: $(1000),
    fechaCreacion: new Date(abierto),
    cerradoEn:
      fin.cerrado || fin.cancelado ? new Date((fin.cerrado ?? fin.cancelado) as string) : null,
    canceladoEn: fin.cancelado ? new Date(fin.cancelado) : null,
    fechaLimite: fin.limite ? new Date(fin.limite) : null,
  });
  await db.insert(gruposDeCompra).values([
    // Filled in October (Buenos Aires), opened on 1 October.
    grupo(cafe, 'completado', '2026-10-01T12:00:00Z', { cerrado: '2026-10-31T12:00:00Z' }),
    // Opened in October, filled in November after 324 hours.
    grupo(yerba, 'completado', '2026-10-20T00:00:00Z', { cerrado: '2026-11-02T12:00:00Z' }),
    // Opened and filled in November in 10 hours (03:00 UTC: 00:00 of 3 November there).
    grupo(yerba, 'cerrado', '2026-11-03T00:00:00Z', { cerrado: '2026-11-03T10:00:00Z' }),
    // Cancelled by the team in November.
    grupo(cafe, 'cancelado', '2026-11-05T12:00:00Z', { cancelado: '2026-11-06T12:00:00Z' }),
    // Expired at its deadline in November.
    grupo(cafe, 'cancelado', '2026-11-10T12:00:00Z', {
      limite: '2026-11-20T00:00:00Z',
      cancelado: '2026-11-20T00:05:00Z',
    }),
    // Opened in November, still open.
    grupo(yerba, 'abierto', '2026-11-25T12:00:00Z'),
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  vendedor = await vendedorConTienda(t);
  otroVendedor = await vendedorConTienda(t);
  comprador = await registerAndLogin(t.app, { nombre: 'Lucía Fernández' });
  admin = await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
  yerba = (await crearProducto(t, vendedor, { nombre: 'Yerba mate 1 kg' }))._id;
  cafe = (await crearProducto(t, vendedor, { nombre: 'Café en grano 500 g' }))._id;
  for (const venta of Object.values(VENTAS)) await sembrarVenta(venta);
  await sembrarGrupos();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const estadisticas = (quien: LoggedIn | null, desde: string, hasta: string, tiendaId?: string) =>
  t.app.inject({
    url: `/api/tienda/${tiendaId ?? vendedor.tiendaId}/estadisticas?desde=${desde}&hasta=${hasta}`,
    headers: quien ? quien.auth : {},
  });

describe('GET tienda/{tiendaId}/estadisticas', () => {
  it('adds up November as computed by hand', async () => {
    const res = await estadisticas(vendedor, '2026-11-01', '2026-11-30');
    expect(res.statusCode).toBe(200);
    const cifras = estadisticasDeTiendaSchema.parse(res.json());
    // reembolsada 5.000 + enParte 8.000 + sinComisiones 3.000 + finDeMes 2.000.
    expect(cifras.ventas).toEqual({
      pagado: 18_000,
      // 5.000 whole + 1.200 of enParte (its 300 are pending; the duplicate is not a sale).
      reembolsado: 6_200,
      neto: 11_800,
      envio: 500 + 2_000 + 500 + 200,
    });
    expect(cifras.comisiones).toEqual({
      mercadoPago: 314.5 + 503.2 + 125.8,
      marketplace: 250 + 400 + 100,
    });
    expect(cifras.pedidos).toBe(4);
    expect(cifras.unidades).toBe(1 + 3 + 1 + 1);
    expect(cifras.grupos).toEqual({
      abiertos: 4,
      completados: 2,
      cancelados: 1,
      vencidos: 1,
      // The median of 324 h and 10 h.
      medianaHorasParaCompletar: 167,
    });
    // enParte, sinComisiones, finDeMes and diciembre (octubre was delivered, reembolsada refunded).
    expect(cifras.entregasPendientes).toBe(4);

    expect(cifras.porDia).toHaveLength(30);
    const dia = (d: string) => cifras.porDia.find((p) => p.dia === d);
    expect(dia('2026-11-01')).toMatchObject({ pagado: 5_000, reembolsado: 5_000 });
    expect(dia('2026-11-02')).toMatchObject({ pagado: 0, gruposCompletados: 1 });
    expect(dia('2026-11-03')).toMatchObject({ gruposCompletados: 1 });
    expect(dia('2026-11-06')).toMatchObject({ gruposCancelados: 1 });
    // 00:05 UTC on 20 November is 21:05 of the 19th in Buenos Aires.
    expect(dia('2026-11-19')).toMatchObject({ gruposCancelados: 1 });
    expect(dia('2026-11-15')).toMatchObject({ pagado: 8_000, reembolsado: 1_200 });
    expect(dia('2026-11-29')).toMatchObject({ pagado: 3_000 });
    expect(dia('2026-11-30')).toMatchObject({ pagado: 2_000 });

    expect(cifras.productos).toEqual([
      {
        productoId: yerba,
        nombre: 'Yerba mate 1 kg',
        unidades: 4,
        ventas: 3 * 2000 + 1800,
        gruposCompletados: 2,
        gruposTerminados: 2,
        tasaDeCompletado: 1,
      },
      {
        productoId: cafe,
        nombre: 'Café en grano 500 g',
        unidades: 2,
        ventas: 4500 + 2500,
        gruposCompletados: 0,
        gruposTerminados: 2,
        tasaDeCompletado: 0,
      },
    ]);
  });

  it('counts October by its Buenos Aires days, and two months as their sum', async () => {
    const octubre = estadisticasDeTiendaSchema.parse(
      (await estadisticas(vendedor, '2026-10-01', '2026-10-31')).json(),
    );
    expect(octubre.ventas).toEqual({ pagado: 10_000, reembolsado: 0, neto: 10_000, envio: 1_000 });
    expect(octubre.pedidos).toBe(1);
    expect(octubre.grupos).toMatchObject({ abiertos: 2, completados: 1, cancelados: 0 });
    expect(octubre.porDia.find((d) => d.dia === '2026-10-31')?.pagado).toBe(10_000);

    const dos = estadisticasDeTiendaSchema.parse(
      (await estadisticas(vendedor, '2026-10-01', '2026-11-30')).json(),
    );
    expect(dos.ventas.pagado).toBe(28_000);
    expect(dos.ventas.neto).toBe(21_800);
    expect(dos.porDia).toHaveLength(61);

    const diciembre = estadisticasDeTiendaSchema.parse(
      (await estadisticas(vendedor, '2026-12-01', '2026-12-01')).json(),
    );
    expect(diciembre.ventas.pagado).toBe(7_000);
  });

  it('shows an empty period as zeros, every day listed', async () => {
    const vacio = estadisticasDeTiendaSchema.parse(
      (await estadisticas(vendedor, '2025-01-01', '2025-01-07')).json(),
    );
    expect(vacio.ventas).toEqual({ pagado: 0, reembolsado: 0, neto: 0, envio: 0 });
    expect(vacio.grupos.medianaHorasParaCompletar).toBeNull();
    expect(vacio.productos).toEqual([]);
    expect(vacio.porDia).toHaveLength(7);
  });

  it('answers the owner and admins; another seller 403, nobody 401, no store 404', async () => {
    expect((await estadisticas(admin, '2026-11-01', '2026-11-30')).statusCode).toBe(200);
    expect((await estadisticas(otroVendedor, '2026-11-01', '2026-11-30')).statusCode).toBe(403);
    expect((await estadisticas(comprador, '2026-11-01', '2026-11-30')).statusCode).toBe(403);
    expect((await estadisticas(null, '2026-11-01', '2026-11-30')).statusCode).toBe(401);
    const ajena = await estadisticas(vendedor, '2026-11-01', '2026-11-30', newId());
    expect(ajena.statusCode).toBe(404);
  });

  it('refuses periods that are not days, backwards or longer than three years', async () => {
    for (const [desde, hasta] of [
      ['2026-02-30', '2026-03-01'],
      ['2026-11-30', '2026-11-01'],
      ['2020-01-01', '2026-01-01'],
      ['01/11/2026', '2026-11-30'],
    ] as const) {
      const res = await estadisticas(vendedor, desde, hasta);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDACION');
    }
  });
});

const ventasCsv = (quien: LoggedIn | null, consulta: string) =>
  t.app.inject({
    url: `/api/tienda/${vendedor.tiendaId}/ventas.csv?${consulta}`,
    headers: quien ? quien.auth : {},
  });

/** A money cell back to centavos, in either format. */
const centavos = (celda: string, formato: 'es-AR' | 'estandar') =>
  Math.round(
    Number(formato === 'es-AR' ? celda.replaceAll('.', '').replace(',', '.') : celda) * 100,
  );

describe('GET tienda/{tiendaId}/ventas.csv', () => {
  for (const formato of ['estandar', 'es-AR'] as const) {
    it(`parses back (${formato}) to the statistics' totals`, async () => {
      const res = await ventasCsv(vendedor, `desde=2026-11-01&hasta=2026-11-30&formato=${formato}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="ventas-2026-11-01-2026-11-30.csv"',
      );
      const filas: Record<string, string>[] = parse(res.body, {
        columns: true,
        bom: true,
        delimiter: formato === 'es-AR' ? ';' : ',',
      });
      expect(filas).toHaveLength(4);
      const total = (columna: string) =>
        filas.reduce((suma, fila) => suma + centavos(fila[columna] ?? '', formato), 0);
      expect(total('Mercadería') + total('Envío')).toBe($(18_000));
      expect(total('Envío')).toBe($(3_200));
      expect(total('Reembolsado')).toBe($(6_200));
      expect(total('Neto')).toBe($(11_800));
      expect(total('Comisión Mercado Pago')).toBe($(314.5 + 503.2 + 125.8));
      expect(total('Comisión marketplace')).toBe($(750));

      const [primera] = filas;
      expect(primera).toMatchObject({
        Fecha: '2026-11-01 00:00',
        Comprador: 'Lucía Fernández',
        Productos: 'Café en grano 500 g × 1',
        Estado: 'Reembolsado',
      });
      expect(primera?.Pedido).toMatch(/^#[0-9A-F]{6}$/);
      expect(filas.map((f) => f.Estado)).toEqual([
        'Reembolsado',
        'Pagado, reembolsado en parte',
        'Pagado',
        'Pagado',
      ]);
      if (formato === 'es-AR') expect(filas[1]?.Mercadería).toBe('6.000,00');
    });
  }

  it('reads a long export a page at a time, in order, every row once', async () => {
    const res = await ventasCsv(admin, 'desde=2026-01-01&hasta=2026-12-31');
    const filas: Record<string, string>[] = parse(res.body, { columns: true });
    expect(filas.map((f) => f.Fecha)).toEqual([
      '2026-10-31 23:30',
      '2026-11-01 00:00',
      '2026-11-15 12:00',
      '2026-11-29 23:59',
      '2026-11-30 23:30',
      '2026-12-01 00:00',
    ]);
  });

  it('is refused to another seller (403) and to nobody (401) before any row', async () => {
    const ajeno = await ventasCsv(otroVendedor, 'desde=2026-11-01&hasta=2026-11-30');
    expect(ajeno.statusCode).toBe(403);
    expect(ajeno.json().code).toBe('ACCESO_DENEGADO');
    expect((await ventasCsv(null, 'desde=2026-11-01&hasta=2026-11-30')).statusCode).toBe(401);
    expect((await ventasCsv(vendedor, 'desde=2026-11-01')).statusCode).toBe(400);
  });
});
