import {
  crearPreferenciaResponseSchema,
  errorBodySchema,
  estadoPagosResponseSchema,
  paqueteDeLineas,
  pedidosPorUserIdResponseSchema,
} from '@compra-grupal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventosSalientes,
  gruposDeCompra,
  pagosPorVendedor,
  pedidoLineas,
  pedidos,
  productos,
  reembolsos,
} from '../../db/schema';
import { createTestClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { registerAndLogin } from '../../test/auth-helpers';
import {
  type CompradorDePrueba,
  compradorConDireccion,
  conDireccion,
  crearPreferencia,
  envioDePrueba,
  pedidoDePrueba,
} from '../../test/pedido-helpers';
import {
  crearProducto,
  PAQUETE_LIVIANO,
  type VendedorDePrueba,
  vendedorConTienda,
} from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { generarCodigoEntrega } from './codigo-entrega';
import { TIPO_LIBERAR_RESERVAS } from './reservas-vencidas.job';

const clock = createTestClock();
let t: TestApp;
let vendedor: VendedorDePrueba;
let otroVendedor: VendedorDePrueba;
let comprador: CompradorDePrueba;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
  await t.app.ready();
  [vendedor, otroVendedor, comprador] = await Promise.all([
    vendedorConTienda(t),
    vendedorConTienda(t),
    compradorConDireccion(t),
  ]);
});
afterAll(() => t.close());

const stockDe = async (id: string) =>
  (await t.database.db.select().from(productos).where(eq(productos.id, id)))[0]?.stock;

const grupoAbiertoDe = async (productoId: string) =>
  (
    await t.database.db
      .select()
      .from(gruposDeCompra)
      .where(eq(gruposDeCompra.productoId, productoId))
  )[0]?.id as string;

const estadoPagos = (who: { auth: object } | null, pedidoId: string) =>
  t.app.inject({
    url: `/api/pedido/estadoPagos/${pedidoId}`,
    headers: who ? (who.auth as Record<string, string>) : {},
  });

describe('POST /api/pago/crearPreferencia', () => {
  it('creates the order with its snapshots, one pending payment per seller, and holds its lines without taking units', async () => {
    const a = await crearProducto(t, vendedor, { stock: '10', precio: '1000.5' });
    const b = await crearProducto(t, otroVendedor, { stock: '5', precio: '200' });
    const body = await pedidoDePrueba(
      t,
      comprador,
      [
        { productoId: a._id, cantidadSolicitada: 2 },
        { productoId: b._id, cantidadSolicitada: 1 },
        // A duplicate line of the same product is merged.
        { productoId: a._id, cantidadSolicitada: 1 },
      ],
      [vendedor.tiendaId, otroVendedor.tiendaId],
    );
    const res = await crearPreferencia(t, comprador, body);
    expect(res.statusCode, res.body).toBe(201);
    const { pedidoId } = crearPreferenciaResponseSchema.parse(res.json());

    const [pedido] = await t.database.db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
    expect(pedido).toMatchObject({
      usuarioId: comprador.userId,
      direccion: 'Av. Coronel Díaz 2200',
      departamento: '3 B',
      ciudad: 'Palermo',
      telefono: '+54 11 4444-5555',
      aprobado: false,
      todosLosPagosAprobados: false,
      reservaLiberadaEn: null,
    });
    expect(pedido?.codigo).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    expect(pedido?.reservaExpiraEn.getTime()).toBe(clock.now().getTime() + 15 * 60_000);

    const lineas = await t.database.db
      .select()
      .from(pedidoLineas)
      .where(eq(pedidoLineas.pedidoId, pedidoId));
    expect(
      lineas.map((l) => [l.productoId, l.cantidad, l.precioCentavos, l.reserva]).sort(),
    ).toEqual(
      [
        [a._id, 3, 100_050, 'reservado'],
        [b._id, 1, 20_000, 'reservado'],
      ].sort(),
    );
    // A hold takes no units: stock is what nobody paid for (decision 050).
    expect(await stockDe(a._id)).toBe(10);
    expect(await stockDe(b._id)).toBe(5);

    // Each seller's payment is its products plus its own shipping, as the server quoted it
    // for the packages its products declare (decision 051), not the client's `paquete`.
    const envioA = await envioDePrueba(t, vendedor.tiendaId, [
      { paquete: PAQUETE_LIVIANO, cantidad: 3 },
    ]);
    expect(pedido?.paquete).toEqual(paqueteDeLineas([{ paquete: PAQUETE_LIVIANO, cantidad: 4 }]));
    const pagos = await t.database.db
      .select()
      .from(pagosPorVendedor)
      .where(eq(pagosPorVendedor.pedidoId, pedidoId));
    expect(pagos).toHaveLength(2);
    const pagoA = pagos.find((p) => p.tiendaId === vendedor.tiendaId);
    expect(pagoA).toMatchObject({
      estado: 'pendiente',
      envioCentavos: envioA.precioCentavos,
      montoCentavos: 3 * 100_050 + envioA.precioCentavos,
      envioCarrier: envioA.carrier,
      proveedorPreferenciaId: null,
      proveedorPagoId: null,
    });

    const eventos = await t.database.db
      .select()
      .from(eventosSalientes)
      .where(
        and(
          eq(eventosSalientes.evento, 'stockActualizado'),
          eq(eventosSalientes.sala, `producto:${a._id}`),
        ),
      );
    // The stock did not move: nothing to tell.
    expect(eventos).toEqual([]);
  });

  it("prices shipping from the seller's packages: what the client declares changes nothing", async () => {
    const caja = { peso: 4, largo: 40, ancho: 30, alto: 30 };
    const producto = await crearProducto(t, vendedor, { paquete: JSON.stringify(caja) });
    const lineas = [{ productoId: producto._id, cantidadSolicitada: 2 }];
    const envios: number[] = [];
    for (const paquete of [
      { peso: 0.1, largo: 1, ancho: 1, alto: 1 },
      { peso: 20, largo: 60, ancho: 50, alto: 40 },
    ]) {
      const body = {
        ...(await pedidoDePrueba(t, comprador, lineas, [vendedor.tiendaId])),
        paquete,
      };
      const res = await crearPreferencia(t, comprador, body);
      expect(res.statusCode, res.body).toBe(201);
      const [pago] = await t.database.db
        .select()
        .from(pagosPorVendedor)
        .where(
          eq(pagosPorVendedor.pedidoId, crearPreferenciaResponseSchema.parse(res.json()).pedidoId),
        );
      envios.push(pago?.envioCentavos ?? 0);
    }
    const esperado = await envioDePrueba(t, vendedor.tiendaId, [{ paquete: caja, cantidad: 2 }]);
    expect(envios).toEqual([esperado.precioCentavos, esperado.precioCentavos]);
    // Two 4 kg boxes bill more than the test package the client's body declared.
    expect(esperado.precioCentavos).toBeGreaterThan(
      (await envioDePrueba(t, vendedor.tiendaId)).precioCentavos,
    );
  });

  it('answers 401 without a token and 403 for another user', async () => {
    const p = await crearProducto(t, vendedor, { stock: '3' });
    const body = await pedidoDePrueba(
      t,
      comprador,
      [{ productoId: p._id, cantidadSolicitada: 1 }],
      [vendedor.tiendaId],
    );
    expect((await crearPreferencia(t, null, body)).statusCode).toBe(401);
    const otro = await registerAndLogin(t.app);
    const res = await crearPreferencia(t, otro, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCESO_DENEGADO');
    expect(await stockDe(p._id)).toBe(3);
  });

  it("answers 404 DIRECCION_NO_ENCONTRADA for another user's address", async () => {
    const p = await crearProducto(t, vendedor, { stock: '3' });
    const otro = await compradorConDireccion(t);
    const body = await pedidoDePrueba(
      t,
      comprador,
      [{ productoId: p._id, cantidadSolicitada: 1 }],
      [vendedor.tiendaId],
    );
    const res = await crearPreferencia(t, comprador, { ...body, direccionId: otro.direccionId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'DIRECCION_NO_ENCONTRADA',
      error: 'No se encontró la dirección de envío',
    });
  });

  it('answers 422 DIRECCION_SIN_UBICACION for an address typed at sign-up, until its point is placed', async () => {
    const p = await crearProducto(t, vendedor, { stock: '3' });
    const registrado = await registerAndLogin(t.app, {
      direcciones: [
        {
          street: 'Av. Coronel Díaz',
          number: '2200',
          apartment: '3 B',
          city: 'Palermo',
          state: 'Ciudad Autónoma de Buenos Aires',
        },
      ],
    });
    const [direccion] = (
      await t.app.inject({ url: `/api/direccion/${registrado.userId}`, headers: registrado.auth })
    ).json();
    const body = await pedidoDePrueba(
      t,
      { ...registrado, direccionId: direccion._id },
      [{ productoId: p._id, cantidadSolicitada: 1 }],
      [vendedor.tiendaId],
    );
    const sinPunto = await crearPreferencia(t, registrado, body);
    expect(sinPunto.statusCode).toBe(422);
    expect(sinPunto.json()).toEqual({
      error: 'Debes seleccionar una ubicación en el mapa',
      mensaje: 'Debes seleccionar una ubicación en el mapa',
      code: 'DIRECCION_SIN_UBICACION',
    });
    expect(await stockDe(p._id)).toBe(3);

    const ubicar = await t.app.inject({
      method: 'PATCH',
      url: `/api/direccion/${registrado.userId}/${direccion._id}`,
      headers: registrado.auth,
      payload: { latitud: -34.5875, longitud: -58.4105 },
    });
    expect(ubicar.statusCode).toBe(200);
    const creado = await crearPreferencia(t, registrado, body);
    expect(creado.statusCode).toBe(201);
    const [pedido] = await t.database.db
      .select({ direccion: pedidos.direccion, departamento: pedidos.departamento })
      .from(pedidos)
      .where(eq(pedidos.id, creado.json().pedidoId));
    expect(pedido).toEqual({ direccion: 'Av. Coronel Díaz 2200', departamento: '3 B' });
  });

  it('answers 409 STOCK_INSUFICIENTE naming the product, merged lines counted together', async () => {
    const p = await crearProducto(t, vendedor, { stock: '4', nombre: 'Aceite de oliva 500 ml' });
    const body = await pedidoDePrueba(
      t,
      comprador,
      [
        { productoId: p._id, cantidadSolicitada: 3 },
        { productoId: p._id, cantidadSolicitada: 2 },
      ],
      [vendedor.tiendaId],
    );
    const res = await crearPreferencia(t, comprador, body);
    expect(res.statusCode).toBe(409);
    expect(errorBodySchema.parse(res.json())).toMatchObject({
      code: 'STOCK_INSUFICIENTE',
      error: 'No hay stock suficiente de Aceite de oliva 500 ml',
    });
    expect(await stockDe(p._id)).toBe(4);
  });

  it('answers 409 PRODUCTO_NO_DISPONIBLE for a withdrawn product and 404 for an unknown one', async () => {
    const p = await crearProducto(t, vendedor, { stock: '4', nombre: 'Queso cremoso' });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/producto/${p._id}`,
      headers: vendedor.auth,
    });
    const body = await pedidoDePrueba(
      t,
      comprador,
      [{ productoId: p._id, cantidadSolicitada: 1 }],
      [vendedor.tiendaId],
    );
    const res = await crearPreferencia(t, comprador, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRODUCTO_NO_DISPONIBLE',
      error: 'Queso cremoso ya no está a la venta',
    });
    const desconocido = await crearPreferencia(t, comprador, {
      ...body,
      productos: [{ productoId: newId(), cantidadSolicitada: 1 }],
    });
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json().code).toBe('PRODUCTO_NO_ENCONTRADO');
  });

  it("answers 409 PRODUCTO_PROPIO when a seller buys, or joins the group of, their store's product", async () => {
    const propio = await crearProducto(t, vendedor, { stock: '6', nombre: 'Miel de campo' });
    const ajeno = await crearProducto(t, otroVendedor, { stock: '6' });
    const grupoId = await grupoAbiertoDe(propio._id);
    const duena = await conDireccion(t, vendedor);
    const body = await pedidoDePrueba(
      t,
      duena,
      [
        { productoId: ajeno._id, cantidadSolicitada: 1 },
        { productoId: propio._id, cantidadSolicitada: 1, grupoId },
      ],
      [otroVendedor.tiendaId, vendedor.tiendaId],
    );
    const res = await crearPreferencia(t, duena, body);
    expect(res.statusCode).toBe(409);
    expect(errorBodySchema.parse(res.json())).toMatchObject({
      code: 'PRODUCTO_PROPIO',
      error: 'Miel de campo es un producto de tu tienda: no puedes comprarlo ni unirte a su grupo',
    });
    expect(await stockDe(propio._id)).toBe(6);
    expect(await stockDe(ajeno._id)).toBe(6);

    // Another store's product alone is bought as by anyone.
    const soloAjeno = await crearPreferencia(
      t,
      duena,
      await pedidoDePrueba(
        t,
        duena,
        [{ productoId: ajeno._id, cantidadSolicitada: 1 }],
        [otroVendedor.tiendaId],
      ),
    );
    expect(soloAjeno.statusCode, soloAjeno.body).toBe(201);
  });

  it('answers 409 TIENDAS_SIN_MP listing the stores without Mercado Pago', async () => {
    const sinMp = await vendedorConTienda(t, { mpVinculado: false });
    await t.database.db.execute(
      sql`update tiendas set nombre = 'Verdulería Sin Cuenta' where id = ${sinMp.tiendaId}`,
    );
    // Loaded while linked, then the account went away.
    await t.database.db.execute(
      sql`update tiendas set mp_vinculado = true where id = ${sinMp.tiendaId}`,
    );
    const p = await crearProducto(t, sinMp, { stock: '5' });
    await t.database.db.execute(
      sql`update tiendas set mp_vinculado = false where id = ${sinMp.tiendaId}`,
    );
    const q = await crearProducto(t, vendedor, { stock: '5' });
    const body = await pedidoDePrueba(
      t,
      comprador,
      [
        { productoId: p._id, cantidadSolicitada: 1 },
        { productoId: q._id, cantidadSolicitada: 1 },
      ],
      [sinMp.tiendaId, vendedor.tiendaId],
    );
    const res = await crearPreferencia(t, comprador, body);
    expect(res.statusCode).toBe(409);
    expect(errorBodySchema.parse(res.json())).toMatchObject({
      code: 'TIENDAS_SIN_MP',
      tiendasSinMP: [{ nombre: 'Verdulería Sin Cuenta' }],
    });
    expect(await stockDe(q._id)).toBe(5);
  });

  it('answers 400 ENVIO_NO_DISPONIBLE for a shipping option the server does not offer, or none', async () => {
    const p = await crearProducto(t, vendedor, { stock: '5' });
    const body = await pedidoDePrueba(
      t,
      comprador,
      [{ productoId: p._id, cantidadSolicitada: 1 }],
      [vendedor.tiendaId],
    );
    const inventado = await crearPreferencia(t, comprador, {
      ...body,
      envios: [{ tiendaId: vendedor.tiendaId, carrier: 'Teletransporte', servicio: 'Ya' }],
    });
    expect(inventado.statusCode).toBe(400);
    expect(inventado.json().code).toBe('ENVIO_NO_DISPONIBLE');
    const sinEnvio = await crearPreferencia(t, comprador, { ...body, envios: [] });
    expect(sinEnvio.statusCode).toBe(400);
    expect(sinEnvio.json().code).toBe('ENVIO_NO_DISPONIBLE');
    const deOtraTienda = await crearPreferencia(t, comprador, {
      ...body,
      envios: [...body.envios, { ...body.envios[0], tiendaId: otroVendedor.tiendaId }],
    });
    expect(deOtraTienda.statusCode).toBe(400);
    expect(await stockDe(p._id)).toBe(5);
  });

  it("answers 400 for a grupoId of another product and keeps the product's own group", async () => {
    const p = await crearProducto(t, vendedor, { stock: '5' });
    const q = await crearProducto(t, vendedor, { stock: '5' });
    const grupoDe = async (id: string) =>
      (
        await t.database.db.select().from(gruposDeCompra).where(eq(gruposDeCompra.productoId, id))
      )[0]?.id as string;
    const ajeno = await crearPreferencia(
      t,
      comprador,
      await pedidoDePrueba(
        t,
        comprador,
        [{ productoId: p._id, cantidadSolicitada: 1, grupoId: await grupoDe(q._id) }],
        [vendedor.tiendaId],
      ),
    );
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().code).toBe('VALIDACION');
    const propio = await crearPreferencia(
      t,
      comprador,
      await pedidoDePrueba(
        t,
        comprador,
        [{ productoId: p._id, cantidadSolicitada: 1, grupoId: await grupoDe(p._id) }],
        [vendedor.tiendaId],
      ),
    );
    expect(propio.statusCode, propio.body).toBe(201);
    const [linea] = await t.database.db
      .select()
      .from(pedidoLineas)
      .where(eq(pedidoLineas.pedidoId, propio.json().pedidoId));
    expect(linea?.grupoId).toBe(await grupoDe(p._id));
  });
});

describe('GET /api/pedido/estadoPagos/{pedidoId} and POST /api/pedido/obtenerPedidosPorUserId', () => {
  it("answers the owner's payments and progress; 403 to another shopper, 404 unknown", async () => {
    const yo = await compradorConDireccion(t);
    const p = await crearProducto(t, vendedor, { stock: '5', precio: '150' });
    const res = await crearPreferencia(
      t,
      yo,
      await pedidoDePrueba(
        t,
        yo,
        [{ productoId: p._id, cantidadSolicitada: 2 }],
        [vendedor.tiendaId],
      ),
    );
    const { pedidoId } = res.json();
    const envio = await envioDePrueba(t, vendedor.tiendaId, [
      { paquete: PAQUETE_LIVIANO, cantidad: 2 },
    ]);

    const estado = await estadoPagos(yo, pedidoId);
    expect(estado.statusCode).toBe(200);
    expect(estadoPagosResponseSchema.parse(estado.json())).toMatchObject({
      estadisticas: { total: 1, aprobados: 0, pendientes: 1, porcentajeCompletado: 0 },
      pagosPorVendedor: [
        {
          tiendaId: vendedor.tiendaId,
          tiendaNombre: 'Almacén de Prueba',
          estado: 'pendiente',
          envio: envio.precio,
          monto: (30_000 + envio.precioCentavos) / 100,
          productos: [{ productoId: p._id, cantidad: 2, precio: 150 }],
        },
      ],
    });

    const otro = await registerAndLogin(t.app);
    expect((await estadoPagos(otro, pedidoId)).statusCode).toBe(403);
    expect((await estadoPagos(null, pedidoId)).statusCode).toBe(401);
    const desconocido = await estadoPagos(yo, newId());
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json().code).toBe('PEDIDO_NO_ENCONTRADO');

    const lista = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/obtenerPedidosPorUserId',
      headers: yo.auth,
      payload: { userId: yo.userId },
    });
    expect(lista.statusCode).toBe(200);
    const [pedido, ...resto] = pedidosPorUserIdResponseSchema.parse(lista.json());
    expect(resto).toEqual([]);
    expect(pedido).toMatchObject({
      _id: pedidoId,
      aprobado: false,
      todosLosPagosAprobados: false,
      entregado: false,
      total: (30_000 + envio.precioCentavos) / 100,
      productos: [{ productoId: p._id, cantidadSolicitada: 2 }],
    });

    const ajena = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/obtenerPedidosPorUserId',
      headers: otro.auth,
      payload: { userId: yo.userId },
    });
    expect(ajena.statusCode).toBe(403);
    const ninguno = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/obtenerPedidosPorUserId',
      headers: otro.auth,
      payload: { userId: otro.userId },
    });
    expect(ninguno.statusCode).toBe(404);
    expect(ninguno.json().code).toBe('PEDIDO_NO_ENCONTRADO');
  });

  it('porcentajeCompletado has one decimal', async () => {
    const yo = await compradorConDireccion(t);
    const tercero = await vendedorConTienda(t);
    const ps = await Promise.all(
      [vendedor, otroVendedor, tercero].map((v) => crearProducto(t, v, { stock: '5' })),
    );
    const res = await crearPreferencia(
      t,
      yo,
      await pedidoDePrueba(
        t,
        yo,
        ps.map((p) => ({ productoId: p._id, cantidadSolicitada: 1 })),
        [vendedor.tiendaId, otroVendedor.tiendaId, tercero.tiendaId],
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { pedidoId } = res.json();
    await t.database.db
      .update(pagosPorVendedor)
      .set({ estado: 'aprobado' })
      .where(
        and(
          eq(pagosPorVendedor.pedidoId, pedidoId),
          eq(pagosPorVendedor.tiendaId, tercero.tiendaId),
        ),
      );
    const estado = (await estadoPagos(yo, pedidoId)).json();
    expect(estado.estadisticas).toEqual({
      total: 3,
      aprobados: 1,
      pendientes: 2,
      porcentajeCompletado: 33.3,
    });
  });
});

describe('reservation expiry (job on the jobs table, test clock)', () => {
  it('ends the holds of expired orders once, refuses their pending payments, refunds what was paid', async () => {
    const yo = await compradorConDireccion(t);
    const p = await crearProducto(t, vendedor, { stock: '6' });
    const q = await crearProducto(t, otroVendedor, { stock: '6' });
    const res = await crearPreferencia(
      t,
      yo,
      await pedidoDePrueba(
        t,
        yo,
        [
          { productoId: p._id, cantidadSolicitada: 2 },
          { productoId: q._id, cantidadSolicitada: 3 },
        ],
        [vendedor.tiendaId, otroVendedor.tiendaId],
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { pedidoId } = res.json();
    expect(await stockDe(p._id)).toBe(6);
    // The other seller's payment was approved: its line is sold, its units out of stock.
    await t.database.db
      .update(productos)
      .set({ stock: sql`${productos.stock} - 3` })
      .where(eq(productos.id, q._id));
    await t.database.db
      .update(pagosPorVendedor)
      .set({ estado: 'aprobado' })
      .where(
        and(
          eq(pagosPorVendedor.pedidoId, pedidoId),
          eq(pagosPorVendedor.tiendaId, otroVendedor.tiendaId),
        ),
      );
    await t.database.db
      .update(pedidoLineas)
      .set({ reserva: 'vendido' })
      .where(and(eq(pedidoLineas.pedidoId, pedidoId), eq(pedidoLineas.productoId, q._id)));

    const ranura = () => Math.floor(clock.now().getTime() / 60_000);
    const programar = () =>
      t.app.jobs.enqueue(t.database.db, {
        tipo: TIPO_LIBERAR_RESERVAS,
        payload: { ranura: ranura() },
        clave: `${TIPO_LIBERAR_RESERVAS}:${ranura()}`,
      });

    // Not yet: 14 minutes.
    clock.advance(14 * 60_000);
    await programar();
    await t.app.jobs.runDue();
    expect(await stockDe(q._id)).toBe(3);
    const [vigente] = await t.database.db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
    expect(vigente?.reservaLiberadaEn).toBeNull();

    clock.advance(2 * 60_000);
    await programar();
    await t.app.jobs.runDue();
    expect(await stockDe(p._id)).toBe(6);
    // The order never completes: the seller who was paid is refunded whole (decision 028) and
    // the units sold to it go back on sale.
    expect(await stockDe(q._id)).toBe(6);
    const pagos = await t.database.db
      .select()
      .from(pagosPorVendedor)
      .where(eq(pagosPorVendedor.pedidoId, pedidoId));
    expect(Object.fromEntries(pagos.map((x) => [x.tiendaId, x.estado]))).toEqual({
      [vendedor.tiendaId]: 'rechazado',
      [otroVendedor.tiendaId]: 'reembolsado',
    });
    const devueltos = await t.database.db
      .select()
      .from(reembolsos)
      .where(eq(reembolsos.pedidoId, pedidoId));
    expect(devueltos.map((r) => r.motivo)).toEqual(['pedido_vencido']);
    const [pedido] = await t.database.db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
    expect(pedido?.reservaLiberadaEn).not.toBeNull();

    // Runs once: the sweep again, later, changes nothing.
    clock.advance(5 * 60_000);
    await programar();
    await t.app.jobs.runDue();
    expect(await t.app.services.pedido.liberarReservasVencidas()).toBe(0);
    expect(await stockDe(p._id)).toBe(6);
    expect(await stockDe(q._id)).toBe(6);
  });
});

describe('delivery code', () => {
  it('has 6 characters without look-alikes, and is unique per order', async () => {
    const codigos = Array.from({ length: 20_000 }, generarCodigoEntrega);
    for (const c of codigos) expect(c).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    expect(codigos.join('')).not.toMatch(/[0O1IL]/);
    // Every character of the alphabet shows up (uniform draw).
    expect(new Set(codigos.join('')).size).toBe(31);
    const [uno] = await t.database.db.select().from(pedidos).limit(1);
    if (!uno) throw new Error('sin pedidos');
    await expect(t.database.db.insert(pedidos).values({ ...uno, id: newId() })).rejects.toThrow();
  });
});
