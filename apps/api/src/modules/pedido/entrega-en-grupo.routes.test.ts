import {
  cotizarPrevioResponseSchema,
  ENTREGA_EN_GRUPO,
  esEntregaEnGrupo,
  pedidosConGruposResponseSchema,
  rutasDelDiaResponseSchema,
} from '@compra-grupal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gruposDeCompra,
  pagosPorVendedor,
  pedidos,
  reembolsos,
  rutasDeEnvio,
} from '../../db/schema';
import { createTestClock } from '../../lib/clock';
import { registerAndLogin } from '../../test/auth-helpers';
import { crearPreferencia, PAQUETE_DE_PRUEBA, pagarEnSandbox } from '../../test/pedido-helpers';
import {
  crearProducto,
  multipart,
  type VendedorDePrueba,
  vendedorConTienda,
} from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { vendedorQueCobra } from '../../test/vendedor-que-cobra';

/**
 * 'Entrega en grupo' (docs/decisions/057): each member pays the most their shipping share can
 * be; when the group completes the route is planned once and the difference goes back.
 */
const clock = createTestClock();
let t: TestApp;
let vendedor: VendedorDePrueba;
let secreto: string;

/** Prices in pesos: a route $ 3.000 + $ 400 per km, at least $ 600 a member. */
const TARIFA = { activa: true, base: 3000, porKm: 400, minimo: 600 };

/** Neighbours around the test store (Av. Santa Fe 3200, Palermo). */
const PUNTOS = [
  { latitud: -34.5875, longitud: -58.4105 },
  { latitud: -34.5921, longitud: -58.4143 },
  { latitud: -34.5838, longitud: -58.4201 },
  { latitud: -34.5952, longitud: -58.4029 },
  { latitud: -34.5801, longitud: -58.4089 },
];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
  await t.app.ready();
  ({ vendedor, secreto } = await vendedorQueCobra(t, clock));
  const editada = await multipart(t, 'PUT', `/api/tienda/editar/${vendedor.userId}`, vendedor, {
    nombre: 'Almacén de Prueba',
    telefono: '+54 11 5555-0000',
    email: 'tienda@example.com',
    razonSocial: 'Almacén de Prueba SRL',
    entregaEnGrupo: JSON.stringify(TARIFA),
  });
  expect(editada.statusCode, editada.body).toBe(200);
  expect(editada.json().tienda.entregaEnGrupo).toEqual(TARIFA);
});
afterAll(() => t.close());

async function vecino(punto: { latitud: number; longitud: number }) {
  const comprador = await registerAndLogin(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/direccion/${comprador.userId}`,
    headers: comprador.auth,
    payload: {
      calle: 'Av. Coronel Díaz',
      altura: '2200',
      ...punto,
      codigoPostal: 'C1425',
      provincia: 'Ciudad Autónoma de Buenos Aires',
      ciudad: 'Palermo',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...comprador, direccionId: res.json().direccion._id as string };
}

type Vecino = Awaited<ReturnType<typeof vecino>>;

/** The quote's 'Entrega en grupo' option for one unit of the product. */
async function opcionEnGrupo(quien: Vecino, productoId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/envio/cotizar-previo',
    headers: quien.auth,
    payload: {
      tiendaId: vendedor.tiendaId,
      direccionDestinoId: quien.direccionId,
      clienteInfo: { nombre: 'Vecina', telefono: '+54 11 4444-5555', email: quien.email },
      paquete: PAQUETE_DE_PRUEBA,
      items: [{ productoId, cantidadSolicitada: 1 }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const opcion = cotizarPrevioResponseSchema.parse(res.json()).opciones.find(esEntregaEnGrupo);
  if (!opcion?.entregaEnGrupo) throw new Error('sin Entrega en grupo');
  return opcion;
}

/** A neighbour buys one unit with 'Entrega en grupo' and pays. */
async function comprar(quien: Vecino, productoId: string) {
  const opcion = await opcionEnGrupo(quien, productoId);
  const res = await crearPreferencia(t, quien, {
    productos: [{ productoId, cantidadSolicitada: 1 }],
    usuarioId: quien.userId,
    direccionId: quien.direccionId,
    telefono: '+54 11 4444-5555',
    paquete: PAQUETE_DE_PRUEBA,
    envios: [{ tiendaId: vendedor.tiendaId, ...ENTREGA_EN_GRUPO }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const pedidoId = res.json().pedidoId as string;
  await pagarEnSandbox(t, quien, pedidoId, vendedor.tiendaId, {
    secreto,
    ahora: () => clock.now(),
  });
  return { pedidoId, opcion };
}

const parteDe = async (pedidoId: string) => {
  const [parte] = await t.database.db
    .select()
    .from(pagosPorVendedor)
    .where(eq(pagosPorVendedor.pedidoId, pedidoId));
  if (!parte) throw new Error('sin parte');
  return parte;
};

const reembolsosDe = (pedidoId: string) =>
  t.database.db.select().from(reembolsos).where(eq(reembolsos.pedidoId, pedidoId));

describe("'Entrega en grupo'", () => {
  it('a group of 5 fills one by one: the shares of the planned route add up to its price, the rest goes back', async () => {
    const productoId = (
      await crearProducto(t, vendedor, { stock: '20', precio: '1000', cantidadTotalGrupo: '5' })
    )._id;
    const vecinos = await Promise.all(PUNTOS.map(vecino));

    const compras = [];
    for (const [i, quien] of vecinos.entries()) {
      const compra = await comprar(quien, productoId);
      // Today's price is the most the share can be; a full group can bring it to `hasta`.
      expect(compra.opcion.precio).toBeGreaterThan(compra.opcion.entregaEnGrupo?.hasta ?? 0);
      expect(compra.opcion.entregaEnGrupo?.hasta).toBeGreaterThanOrEqual(TARIFA.minimo);
      compras.push(compra);
      if (i < vecinos.length - 1) {
        // Nothing is settled while the group is open.
        await t.app.jobs.runDue();
        expect((await parteDe(compra.pedidoId)).envioFinalCentavos).toBeNull();
      }
    }
    const [grupo] = await t.database.db
      .select()
      .from(gruposDeCompra)
      .where(eq(gruposDeCompra.productoId, productoId));
    expect(grupo?.estado).toBe('cerrado');

    await t.app.jobs.runDue();

    const partes = await Promise.all(compras.map((c) => parteDe(c.pedidoId)));
    const [ruta] = await t.database.db
      .select()
      .from(rutasDeEnvio)
      .where(eq(rutasDeEnvio.tiendaId, vendedor.tiendaId));
    expect(ruta?.paradas).toBe(5);
    const finales = partes.map((p) => p.envioFinalCentavos ?? -1);
    // The final shares add up to the route's price, to the cent.
    expect(finales.reduce((s, f) => s + f, 0)).toBe(ruta?.precioCentavos);
    for (const [i, parte] of partes.entries()) {
      const pagado = compras[i]?.opcion.precio ?? 0;
      // What each paid is today's price: goods ($ 1.000) plus shipping.
      expect(parte.envioCentavos).toBe(Math.round(pagado * 100));
      expect(parte.montoCentavos).toBe(100_000 + parte.envioCentavos);
      expect(parte.rutaDeEnvioId).toBe(ruta?.id);
      expect(finales[i]).toBeLessThan(parte.envioCentavos);
      expect(finales[i]).toBeGreaterThanOrEqual(TARIFA.minimo * 100);
      // The difference went back through the refund ledger, confirmed by the provider.
      const devueltos = await reembolsosDe(parte.pedidoId);
      expect(devueltos.map((r) => [r.motivo, r.montoCentavos, r.estado])).toEqual([
        ['envio_en_grupo', parte.envioCentavos - (finales[i] ?? 0), 'reembolsado'],
      ]);
    }
    // Paid = refunded + the route's price, to the cent.
    const pagado = partes.reduce((s, p) => s + p.envioCentavos, 0);
    const devuelto = (await Promise.all(partes.map((p) => reembolsosDe(p.pedidoId))))
      .flat()
      .reduce((s, r) => s + r.montoCentavos, 0);
    expect(pagado - devuelto).toBe(ruta?.precioCentavos);

    // The shopper's orders show the refund; the bell says the shipping fell.
    const [primero] = vecinos;
    if (!primero) throw new Error('sin vecinos');
    const pedidos = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/obtenerPedidosConGruposPorUsuario',
      headers: primero.auth,
      payload: { usuarioId: primero.userId },
    });
    const [pedido] = pedidosConGruposResponseSchema.parse(pedidos.json());
    expect(pedido?.estado).toBe('completo');
    expect(pedido?.partes[0]?.reembolsado).toBe(
      ((partes[0]?.envioCentavos ?? 0) - (finales[0] ?? 0)) / 100,
    );
    const avisos = await t.app.inject({ url: '/api/aviso', headers: primero.auth });
    expect(avisos.body).toContain('Tu envío bajó: te devolvimos');

    // Settling again changes nothing.
    await t.app.services.envioEnGrupo.liquidar(grupo?.id ?? '');
    expect(await reembolsosDe(compras[0]?.pedidoId ?? '')).toHaveLength(1);
  });

  it('a cancelled group gives its members their shipping back whole, and settles nothing', async () => {
    const productoId = (
      await crearProducto(t, vendedor, { stock: '20', precio: '1000', cantidadTotalGrupo: '5' })
    )._id;
    const vecinos = await Promise.all(PUNTOS.slice(0, 2).map(vecino));
    const compras = [];
    for (const quien of vecinos) compras.push(await comprar(quien, productoId));
    const [grupo] = await t.database.db
      .select()
      .from(gruposDeCompra)
      .where(eq(gruposDeCompra.productoId, productoId));
    await t.app.services.cancelacionDeGrupo.cancelar(grupo?.id ?? '');
    await t.app.jobs.runDue();
    for (const compra of compras) {
      const parte = await parteDe(compra.pedidoId);
      expect(parte.envioFinalCentavos).toBeNull();
      const devueltos = await reembolsosDe(compra.pedidoId);
      expect(devueltos.map((r) => [r.motivo, r.montoCentavos])).toEqual([
        ['grupo_cancelado', parte.montoCentavos],
      ]);
    }
  });

  it('is not offered outside the coverage, nor by a store that turned it off', async () => {
    const productoId = (
      await crearProducto(t, vendedor, { stock: '20', precio: '1000', cantidadTotalGrupo: '5' })
    )._id;
    // Rosario: far outside any coverage of the test store.
    const lejos = await vecino({ latitud: -32.9468, longitud: -60.6393 });
    await expect(opcionEnGrupo(lejos, productoId)).rejects.toThrow('sin Entrega en grupo');
    const cerca = await vecino(PUNTOS[0] ?? { latitud: 0, longitud: 0 });
    await opcionEnGrupo(cerca, productoId);
    const editada = await multipart(t, 'PUT', `/api/tienda/editar/${vendedor.userId}`, vendedor, {
      nombre: 'Almacén de Prueba',
      telefono: '+54 11 5555-0000',
      email: 'tienda@example.com',
      razonSocial: 'Almacén de Prueba SRL',
      entregaEnGrupo: JSON.stringify({ ...TARIFA, activa: false }),
    });
    expect(editada.statusCode, editada.body).toBe(200);
    await expect(opcionEnGrupo(cerca, productoId)).rejects.toThrow('sin Entrega en grupo');
    // Turned on again for the other tests of this file.
    await multipart(t, 'PUT', `/api/tienda/editar/${vendedor.userId}`, vendedor, {
      nombre: 'Almacén de Prueba',
      telefono: '+54 11 5555-0000',
      email: 'tienda@example.com',
      razonSocial: 'Almacén de Prueba SRL',
      entregaEnGrupo: JSON.stringify(TARIFA),
    });
  });

  it("the day's route: the ready stops planned from the store, then from the courier, checked off as delivered", async () => {
    const productoId = (
      await crearProducto(t, vendedor, { stock: '20', precio: '1000', cantidadTotalGrupo: '3' })
    )._id;
    const vecinos = await Promise.all(PUNTOS.slice(0, 3).map(vecino));
    const pedidoIds: string[] = [];
    for (const quien of vecinos) pedidoIds.push((await comprar(quien, productoId)).pedidoId);
    const repartidor = await registerAndLogin(t.app);
    await t.database.db.execute(
      sql`update usuarios set es_repartidor = true where id = ${repartidor.userId}`,
    );
    const rutas = async (quien: { auth: Record<string, string> }, consulta = '') => {
      const res = await t.app.inject({
        url: `/api/entrega/rutas?tiendaId=${vendedor.tiendaId}${consulta}`,
        headers: quien.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [ruta] = rutasDelDiaResponseSchema.parse(res.json()).rutas;
      if (!ruta) throw new Error('sin ruta');
      return ruta;
    };

    const delRepartidor = await rutas(repartidor);
    const nuestras = delRepartidor.paradas.filter((p) => pedidoIds.includes(p.pedidoId));
    expect(nuestras).toHaveLength(3);
    expect(delRepartidor.paradas.map((p) => p.orden)).toEqual(
      delRepartidor.paradas.map((_, i) => i + 1),
    );
    expect(delRepartidor.desdePosicion).toBe(false);
    expect(delRepartidor.distanciaMetros).toBeGreaterThan(0);
    expect(nuestras[0]?.comprador).toBeTruthy();
    expect(nuestras[0]?.productos).toEqual([{ nombre: expect.any(String), cantidad: 1 }]);
    // The seller sees the same route of their store; another seller may not.
    expect((await rutas(vendedor)).paradas.map((p) => p.pedidoId)).toEqual(
      delRepartidor.paradas.map((p) => p.pedidoId),
    );
    const otro = await vendedorConTienda(t);
    const ajena = await t.app.inject({
      url: `/api/entrega/rutas?tiendaId=${vendedor.tiendaId}`,
      headers: otro.auth,
    });
    expect(ajena.statusCode).toBe(403);

    // Re-planned from where the courier stands.
    const desdeAca = await rutas(repartidor, '&latitud=-34.6037&longitud=-58.3816');
    expect(desdeAca.desdePosicion).toBe(true);
    expect(desdeAca.origen.direccion).toBe('Tu ubicación');

    // A delivered stop comes first, checked off.
    const ultima = delRepartidor.paradas.at(-1);
    const [pedido] = await t.database.db
      .select()
      .from(pedidos)
      .where(eq(pedidos.id, ultima?.pedidoId ?? ''));
    const entrega = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/compararCodigo',
      headers: repartidor.auth,
      payload: { _id: pedido?.id, codigo: pedido?.codigo, tiendaId: vendedor.tiendaId },
    });
    expect(entrega.statusCode, entrega.body).toBe(200);
    const despues = await rutas(repartidor);
    expect(despues.paradas[0]).toMatchObject({ pedidoId: ultima?.pedidoId, entregada: true });
    expect(despues.paradas.filter((p) => p.entregada)).toHaveLength(1);
  });
});
