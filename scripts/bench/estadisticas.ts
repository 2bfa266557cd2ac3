/**
 * A store's statistics with years of data (issue 37, docs/decisions/058), on PostgreSQL
 * (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * skipped when none answers), through the real app in this process (app.inject as the store's
 * seller: routing, validation, access, the read model's statements on a pool of 10):
 *
 * - two stores with PEDIDOS sold parts each (two years of sales, a tenth refunded in part,
 *   everything older than twenty days delivered, lines of twenty products, a group per ten
 *   orders filled, cancelled or expired), written with set-based SQL, then VACUUM ANALYZE;
 * - p95 of GET /api/tienda/{id}/estadisticas for this month, the last twelve months and the
 *   two years, CONSULTAS requests each, one at a time after a few unmeasured ones;
 * - the year's CSV export: when its first byte leaves and when its last does (streamed: the
 *   first rows go out after the first page of 500 is read, not after the year is).
 */
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { registerAndLogin } from '../../apps/api/src/test/auth-helpers';
import { crearProducto, vendedorConTienda } from '../../apps/api/src/test/producto-helpers';
import {
  conAppEnBaseNueva,
  conConexion,
  postgresResponde,
  servidorDeBench,
} from './app-en-postgres';
import type { Row } from './tabla';

const PEDIDOS = Number(process.env.BENCH_ESTADISTICAS_PEDIDOS ?? 100_000);
const CONSULTAS = Number(process.env.BENCH_ESTADISTICAS_CONSULTAS ?? 40);
const PREVIAS = 5;
const PRODUCTOS = 20;
const PRESUPUESTO_MS = 300;
/** The data's last day: 'now' for the periods asked. */
const HOY = '2026-11-29';

/** Statements on the fresh database, through a connection of their own. */
const enLaBase = <T>(url: string, trabajo: (client: pg.Client) => Promise<T>) =>
  conConexion(trabajo, url);

const p95 = (valores: number[]) => {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.ceil(ordenados.length * 0.95) - 1)] ?? NaN;
};

/**
 * `PEDIDOS` sold parts of the store over the two years before HOY, one line each of one of
 * its products, a tenth refunded in part, all but the last twenty days' delivered; and its
 * products' groups over the same two years, one per ten orders: most filled, some cancelled,
 * some expired. Ids are made from the row number and a
 * prefix per store, so two stores never clash.
 */
async function sembrar(
  client: pg.Client,
  {
    tiendaId,
    compradorId,
    productos,
    prefijo,
  }: {
    tiendaId: string;
    compradorId: string;
    productos: string[];
    prefijo: string;
  },
) {
  const id = (tabla: string) => `'${prefijo}${tabla}' || lpad(to_hex(i), 20, '0')`;
  const alfabeto = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  // Unique codes: the row number in base 31, the second store's half the codes further on.
  const desplazamiento = prefijo === 'a' ? 0 : Math.floor(31 ** 6 / 2);
  const codigo = [0, 1, 2, 3, 4, 5]
    .map(
      (k) =>
        `substr('${alfabeto}', ((i + ${desplazamiento})::bigint / ${31 ** k} % 31)::int + 1, 1)`,
    )
    .join(' || ');
  const productoDe = `(array[${productos.map((p) => `'${p}'`).join(',')}])[(i % ${productos.length}) + 1]`;
  const momentoCada = (cuantos: number) =>
    `('${HOY}T23:00:00Z'::timestamptz - (i * (730 * 86400.0 / ${cuantos})) * interval '1 second')`;
  const momento = momentoCada(PEDIDOS);
  await client.query(`
    insert into pedidos (id, usuario_id, codigo, direccion, ciudad, provincia, telefono, paquete,
      aprobado, todos_los_pagos_aprobados, creado_en, reserva_expira_en, reserva_liberada_en)
    select ${id('pe')}, '${compradorId}', ${codigo}, 'Av. Santa Fe 3253', 'CABA', 'CABA',
      '+54 11 5555-0101', '{"peso":1,"largo":10,"ancho":10,"alto":10}', true, true,
      ${momento}, ${momento}, ${momento}
    from generate_series(1, ${PEDIDOS}) i`);
  await client.query(`
    insert into pedido_lineas (id, pedido_id, producto_id, tienda_id, cantidad, precio_centavos,
      reserva, vendido_en)
    select ${id('li')}, ${id('pe')}, ${productoDe}, '${tiendaId}', 1 + i % 3,
      100000 + (i % 7) * 25000, 'vendido', ${momento}
    from generate_series(1, ${PEDIDOS}) i`);
  await client.query(`
    insert into pagos_por_vendedor (id, pedido_id, tienda_id, estado, monto_centavos, envio_centavos,
      envio_carrier, envio_servicio, proveedor_pago_id, creado_en, actualizado_en, aprobado_en,
      comision_mp_centavos, comision_marketplace_centavos, entregado_en, entrega_metodo)
    select ${id('pv')}, ${id('pe')}, '${tiendaId}', 'aprobado',
      (1 + i % 3) * (100000 + (i % 7) * 25000) + 250000, 250000, 'Correo Argentino', 'Clásico',
      '${prefijo}' || i, ${momento}, ${momento}, ${momento},
      ((1 + i % 3) * (100000 + (i % 7) * 25000) + 250000) * 629 / 10000,
      ((1 + i % 3) * (100000 + (i % 7) * 25000) + 250000) * 5 / 100,
      case when ${momento} < '${HOY}'::timestamptz - interval '20 days' then ${momento} + interval '3 days' end,
      case when ${momento} < '${HOY}'::timestamptz - interval '20 days' then 'codigo' end
    from generate_series(1, ${PEDIDOS}) i`);
  await client.query(`
    insert into reembolsos (id, motivo, pedido_id, tienda_id, usuario_id, proveedor_pago_id,
      monto_centavos, estado, clave, creado_en, reembolsado_en)
    select ${id('re')}, 'grupo_cancelado', ${id('pe')}, '${tiendaId}', '${compradorId}',
      '${prefijo}' || i, 100000, 'reembolsado', '${prefijo}bench-' || i,
      ${momento} + interval '1 day', ${momento} + interval '1 day'
    from generate_series(1, ${PEDIDOS}) i where i % 10 = 0`);
  const momentoDeGrupo = momentoCada(PEDIDOS / 10);
  await client.query(`delete from grupos_de_compra where producto_id = any($1)`, [productos]);
  await client.query(`
    insert into grupos_de_compra (id, producto_id, estado, lugares_necesarios, lugares_ocupados,
      precio_centavos, fecha_creacion, cerrado_en, cancelado_en, fecha_limite)
    select ${id('gr')}, ${productoDe},
      case when i % 10 = 7 then 'cancelado' when i % 10 = 8 then 'cancelado' else 'completado' end,
      10, case when i % 10 in (7, 8) then 4 else 10 end, 100000, ${momentoDeGrupo},
      ${momentoDeGrupo} + (1 + i % 48) * interval '1 hour',
      case when i % 10 in (7, 8) then ${momentoDeGrupo} + (1 + i % 48) * interval '1 hour' end,
      case when i % 10 = 8 then ${momentoDeGrupo} + (1 + i % 48) * interval '1 hour' end
    from generate_series(1, ${PEDIDOS / 10}) i`);
}

export async function medirEstadisticas(): Promise<Row[]> {
  const figuras = ['este mes', 'últimos 12 meses', 'dos años'].map(
    (p) =>
      `GET /api/tienda/{id}/estadisticas con ${PEDIDOS.toLocaleString('es-AR')} pedidos en PostgreSQL, ${p}: p95`,
  );
  if (!(await postgresResponde())) {
    console.log(`  Sin PostgreSQL en ${new URL(servidorDeBench).host}: se omiten las estadísticas`);
    return figuras.map((figure) => ({
      figure,
      value: 'omitido: sin PostgreSQL',
      budget: `<= ${PRESUPUESTO_MS} ms`,
      ok: null,
    }));
  }
  return conAppEnBaseNueva('estadisticas', async ({ t, url }) => {
    const { app } = t;
    const inicio = Date.now();
    const tiendas = [];
    const comprador = await registerAndLogin(app);
    for (const prefijo of ['a', 'b']) {
      const vendedor = await vendedorConTienda(t);
      const productos: string[] = [];
      for (let i = 0; i < PRODUCTOS; i++) {
        productos.push((await crearProducto(t, vendedor, { nombre: `Producto ${i + 1}` }))._id);
      }
      await enLaBase(url, (base) =>
        sembrar(base, {
          tiendaId: vendedor.tiendaId,
          compradorId: comprador.userId,
          productos,
          prefijo,
        }),
      );
      tiendas.push(vendedor);
    }
    // As autovacuum leaves a table that has settled: statistics and the visibility map.
    await enLaBase(url, (base) => base.query('vacuum analyze'));
    console.log(
      `  2 tiendas con ${PEDIDOS} pedidos cada una generadas en ${((Date.now() - inicio) / 1000).toFixed(1)} s`,
    );

    const [vendedor] = tiendas;
    if (!vendedor) throw new Error('sin tienda');
    const periodos = [
      { desde: '2026-11-01', hasta: HOY },
      { desde: '2025-11-30', hasta: HOY },
      { desde: '2024-11-30', hasta: HOY },
    ];
    const filas: Row[] = [];
    for (const [i, periodo] of periodos.entries()) {
      const tiempos: number[] = [];
      let pedidos = 0;
      for (let n = 0; n < PREVIAS + CONSULTAS; n++) {
        const antes = performance.now();
        const res = await app.inject({
          url: `/api/tienda/${vendedor.tiendaId}/estadisticas?desde=${periodo.desde}&hasta=${periodo.hasta}`,
          headers: vendedor.auth,
        });
        const ms = performance.now() - antes;
        if (res.statusCode !== 200) throw new Error(`estadisticas: ${res.statusCode} ${res.body}`);
        pedidos = res.json().pedidos;
        if (n >= PREVIAS) tiempos.push(ms);
      }
      const valor = p95(tiempos);
      filas.push({
        figure: `${figuras[i]} (${pedidos.toLocaleString('es-AR')} en el período)`,
        value: `${valor.toFixed(1)} ms`,
        budget: `<= ${PRESUPUESTO_MS} ms`,
        ok: valor <= PRESUPUESTO_MS,
      });
    }

    // Streamed: the first rows leave after the first page is read, long before the last.
    const antes = performance.now();
    const csv = await app.inject({
      url: `/api/tienda/${vendedor.tiendaId}/ventas.csv?desde=2025-11-30&hasta=${HOY}`,
      headers: vendedor.auth,
      payloadAsStream: true,
    });
    let primerByte = 0;
    let bytes = 0;
    let lineas = 0;
    for await (const trozo of csv.stream()) {
      primerByte ||= performance.now() - antes;
      bytes += (trozo as Buffer).length;
      for (const b of trozo as Buffer) if (b === 10) lineas++;
    }
    const total = performance.now() - antes;
    filas.push({
      figure: `GET /api/tienda/{id}/ventas.csv de 12 meses (${(lineas - 1).toLocaleString('es-AR')} filas, ${(bytes / 1e6).toFixed(1)} MB): primer byte / total`,
      value: `${primerByte.toFixed(0)} ms / ${(total / 1000).toFixed(1)} s`,
      budget: 'primer byte < 5 % del total',
      ok: primerByte < total * 0.05,
    });
    return filas;
  });
}

/** `npx tsx scripts/bench/estadisticas.ts`: only these figures. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await medirEstadisticas()) {
    console.log(`${row.figure}: ${row.value} (presupuesto ${row.budget})`);
  }
}
