import { productoEnVentaSchema } from '@compra-grupal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gruposDeCompra,
  pagosPorVendedor,
  participantesGrupo,
  pedidoLineas,
  reembolsos,
} from '../../db/schema';
import { createTestClock } from '../../lib/clock';
import {
  type CompradorDePrueba,
  compradorConDireccion,
  crearPreferencia,
  pagarEnSandbox,
  pedidoDePrueba,
} from '../../test/pedido-helpers';
import {
  camposDeProducto,
  crearProducto,
  multipart,
  type VendedorDePrueba,
} from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { vendedorQueCobra } from '../../test/vendedor-que-cobra';

/**
 * A group's price is fixed for its life (docs/decisions/054): everyone in one group pays the
 * price the product had when the group opened; its seller's change applies to the next group.
 */
const clock = createTestClock();
let t: TestApp;
let vendedor: VendedorDePrueba;
let secreto: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
  await t.app.ready();
  ({ vendedor, secreto } = await vendedorQueCobra(t, clock));
});
afterAll(() => t.close());

const nuevoProducto = async (lugares: number, precio: string) =>
  (await crearProducto(t, vendedor, { stock: '50', precio, cantidadTotalGrupo: String(lugares) }))
    ._id;

async function cambiarPrecio(productoId: string, precio: string, lugares: number) {
  const {
    vendedorId: _v,
    tiendaId: _t,
    ...campos
  } = camposDeProducto(vendedor, {
    stock: '50',
    precio,
    cantidadTotalGrupo: String(lugares),
  });
  const res = await multipart(t, 'PUT', `/api/producto/${productoId}`, vendedor, campos);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().producto as { precio: number; precioSiguiente: number | null };
}

async function pedir(who: CompradorDePrueba, productoId: string, cantidad = 1) {
  const body = await pedidoDePrueba(
    t,
    who,
    [{ productoId, cantidadSolicitada: cantidad }],
    [vendedor.tiendaId],
  );
  const res = await crearPreferencia(t, who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().pedidoId as string;
}

const pagar = (who: CompradorDePrueba, pedidoId: string) =>
  pagarEnSandbox(t, who, pedidoId, vendedor.tiendaId, { secreto, ahora: () => clock.now() });

async function comprar(productoId: string, cantidad = 1) {
  const comprador = await compradorConDireccion(t);
  const pedidoId = await pedir(comprador, productoId, cantidad);
  await pagar(comprador, pedidoId);
  return { comprador, pedidoId };
}

const paginaDelProducto = async (productoId: string) => {
  const res = await t.app.inject({ url: `/api/producto/${productoId}` });
  expect(res.statusCode, res.body).toBe(200);
  return productoEnVentaSchema.parse(res.json());
};

const precioPagado = async (pedidoId: string) => {
  const [linea] = await t.database.db
    .select({ precio: pedidoLineas.precioCentavos })
    .from(pedidoLineas)
    .where(eq(pedidoLineas.pedidoId, pedidoId));
  return linea?.precio;
};

/** The groups of a product, oldest first, with the prices their members paid. */
const gruposDe = async (productoId: string) => {
  const grupos = await t.database.db
    .select()
    .from(gruposDeCompra)
    .where(eq(gruposDeCompra.productoId, productoId))
    .orderBy(asc(gruposDeCompra.fechaCreacion), asc(gruposDeCompra.id));
  return Promise.all(
    grupos.map(async (g) => {
      const pagados = await t.database.db
        .select({ precio: pedidoLineas.precioCentavos })
        .from(participantesGrupo)
        .innerJoin(
          pedidoLineas,
          and(
            eq(pedidoLineas.pedidoId, participantesGrupo.pedidoId),
            eq(pedidoLineas.productoId, productoId),
          ),
        )
        .where(eq(participantesGrupo.grupoId, g.id));
      return {
        estado: g.estado,
        precio: g.precioCentavos,
        ocupados: g.lugaresOcupados,
        pagados: pagados.map((p) => p.precio),
      };
    }),
  );
};

describe('the price of a group', () => {
  it('a raise while the group has members: the next member pays the old price, the next group the new', async () => {
    const productoId = await nuevoProducto(3, '1000');
    await comprar(productoId);

    const editado = await cambiarPrecio(productoId, '1500', 3);
    // The seller sees the price waiting for the next group; shoppers still see the group's.
    expect(editado).toMatchObject({ precio: 1000, precioSiguiente: 1500 });
    expect(await paginaDelProducto(productoId)).toMatchObject({
      precio: 1000,
      precioSiguiente: 1500,
      grupoAbierto: { lugaresOcupados: 1, lugaresNecesarios: 3 },
    });

    const segundo = await comprar(productoId);
    expect(await precioPagado(segundo.pedidoId)).toBe(1000_00);
    const tercero = await comprar(productoId);
    expect(await precioPagado(tercero.pedidoId)).toBe(1000_00);

    // The first group filled at 1000; the next opened at 1500 and charges it.
    expect(await paginaDelProducto(productoId)).toMatchObject({
      precio: 1500,
      precioSiguiente: null,
      grupoAbierto: { lugaresOcupados: 0 },
    });
    const cuarto = await comprar(productoId);
    expect(await precioPagado(cuarto.pedidoId)).toBe(1500_00);
    expect(await gruposDe(productoId)).toEqual([
      { estado: 'cerrado', precio: 1000_00, ocupados: 3, pagados: [1000_00, 1000_00, 1000_00] },
      { estado: 'abierto', precio: 1500_00, ocupados: 1, pagados: [1500_00] },
    ]);
  });

  it('a change while nobody is in the group applies at once; changing it back cancels a waiting one', async () => {
    const productoId = await nuevoProducto(3, '1000');
    expect(await cambiarPrecio(productoId, '800', 3)).toMatchObject({
      precio: 800,
      precioSiguiente: null,
    });
    const { pedidoId } = await comprar(productoId);
    expect(await precioPagado(pedidoId)).toBe(800_00);

    expect(await cambiarPrecio(productoId, '900', 3)).toMatchObject({
      precio: 800,
      precioSiguiente: 900,
    });
    expect(await cambiarPrecio(productoId, '800', 3)).toMatchObject({
      precio: 800,
      precioSiguiente: null,
    });
    expect((await gruposDe(productoId)).map((g) => g.precio)).toEqual([800_00]);
  });

  it('places that spill into the next group keep the price they paid', async () => {
    const productoId = await nuevoProducto(3, '1000');
    await comprar(productoId, 2);
    await cambiarPrecio(productoId, '1200', 3);
    // Two places: one fills the group, one spills into the next, both at 1000.
    const { pedidoId } = await comprar(productoId, 2);
    expect(await precioPagado(pedidoId)).toBe(1000_00);
    const grupos = await gruposDe(productoId);
    expect(grupos).toEqual([
      { estado: 'cerrado', precio: 1000_00, ocupados: 3, pagados: [1000_00, 1000_00] },
      { estado: 'abierto', precio: 1000_00, ocupados: 1, pagados: [1000_00] },
    ]);
    // The seller's price still waits: it applies to the group after the spilled one.
    expect(await paginaDelProducto(productoId)).toMatchObject({
      precio: 1000,
      precioSiguiente: 1200,
    });
    await comprar(productoId, 2);
    const despues = await paginaDelProducto(productoId);
    expect(despues).toMatchObject({ precio: 1200, precioSiguiente: null });
  });

  it('an order charged the old price whose group filled before it paid is refunded whole, never put in a dearer group', async () => {
    const productoId = await nuevoProducto(2, '1000');
    await comprar(productoId);
    await cambiarPrecio(productoId, '1300', 2);
    // Checkout at the group's price, then someone else fills the group before this one pays.
    const tarde = await compradorConDireccion(t);
    const pedidoId = await pedir(tarde, productoId);
    expect(await precioPagado(pedidoId)).toBe(1000_00);
    await comprar(productoId);
    await pagar(tarde, pedidoId);

    const [parte] = await t.database.db
      .select()
      .from(pagosPorVendedor)
      .where(eq(pagosPorVendedor.pedidoId, pedidoId));
    expect(parte?.estado).toBe('reembolsado');
    const devueltos = await t.database.db
      .select()
      .from(reembolsos)
      .where(eq(reembolsos.pedidoId, pedidoId));
    expect(devueltos.map((r) => [r.motivo, r.montoCentavos])).toEqual([
      ['precio_cambiado', parte?.montoCentavos],
    ]);
    const grupos = await gruposDe(productoId);
    expect(grupos).toEqual([
      { estado: 'cerrado', precio: 1000_00, ocupados: 2, pagados: [1000_00, 1000_00] },
      { estado: 'abierto', precio: 1300_00, ocupados: 0, pagados: [] },
    ]);
  });
});
