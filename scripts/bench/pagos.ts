/**
 * Two figures of payments (docs/decisions/025), on PostgreSQL (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; skipped when none
 * answers), on the real app in this process (app.inject: routing, validation, signature and
 * the sandbox port as in production, no sockets):
 *
 * - paid approvals per second: orders of one seller's product each (three sellers, twelve
 *   products, groups of 10), paid on the sandbox beforehand; their signed notifications go
 *   through POST /api/pago/webhook with 100 in flight at once, spread over four apps on pools
 *   of 10 connections each (four API processes, as grupos.ts). Each approval reads the payment,
 *   locks the order, sells the lines and takes places through the ledger. The group, stock and
 *   payment invariants are checked afterwards.
 * - p95 of POST /api/pago/crearPreferencia for a cart of three sellers (three lines, three
 *   shipping quotes, three reservations in one transaction), one request at a time.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { webhookSecret } from '../../apps/api/src/adapters/payments/payments-from-config';
import { firmarNotificacion } from '../../apps/api/src/adapters/payments/webhook-signature';
import { buildApp } from '../../apps/api/src/app';
import { openDatabase } from '../../apps/api/src/db/client';
import { pagosProveedor, productos } from '../../apps/api/src/db/schema';
import { violacionesDeInvariantes } from '../../apps/api/src/modules/grupo-de-compra/ledger-test-helpers';
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../../apps/api/src/modules/mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import {
  compradorConDireccion,
  crearPreferencia,
  pedidoDePrueba,
} from '../../apps/api/src/test/pedido-helpers';
import { crearProducto, vendedorConTienda } from '../../apps/api/src/test/producto-helpers';
import { conAppEnBaseNueva, postgresResponde, servidorDeBench } from './app-en-postgres';
import { contarIdasYVueltas, porUnidad } from './idas-y-vueltas';

export interface PagoRow {
  figure: string;
  value: string;
  budget: string;
  ok: boolean | null;
}

const EN_VUELO = 100;
const APPS = 4;
const APROBACIONES = Number(process.env.BENCH_APROBACIONES ?? 600);
const PREFERENCIAS = 200;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

/** Runs `work` over `items` with `limit` in flight at once, each lane told its number. */
async function enParalelo<T>(
  items: T[],
  limit: number,
  work: (item: T, carril: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async (_, carril) => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item, carril);
      }
    }),
  );
}

export async function medirPagosEnPostgres(): Promise<PagoRow[]> {
  const figAprob = `Aprobaciones pagadas por POST /api/pago/webhook en PostgreSQL, ${EN_VUELO} a la vez (${APPS} apps de 10 conexiones): aprobaciones/s`;
  const figPref = 'POST /api/pago/crearPreferencia, carrito de 3 vendedores: p95';
  if (!(await postgresResponde())) {
    console.log(
      `  Sin PostgreSQL en ${new URL(servidorDeBench).host}: se omiten los pagos (definí BENCH_DATABASE_URL)`,
    );
    return [
      { figure: figAprob, value: 'omitido: sin PostgreSQL', budget: '>= 300/s', ok: null },
      { figure: figPref, value: 'omitido: sin PostgreSQL', budget: '<= 150 ms', ok: null },
    ];
  }
  return conAppEnBaseNueva('pagos', async ({ t, config, url }) => {
    const { app, database } = t;
    const vendedores: Awaited<ReturnType<typeof vendedorConTienda>>[] = [];
    for (let i = 0; i < 3; i += 1) {
      const v = await vendedorConTienda(t);
      await vincularCuentaDePrueba(database.db, { usuarioId: v.userId, tiendaId: v.tiendaId });
      vendedores.push(v);
    }
    const comprador = await compradorConDireccion(t);
    const secreto = webhookSecret(config, await resolveMercadoPagoKey(database.db));
    const productosDe = await Promise.all(
      vendedores.map(async (v) => {
        const lista = [];
        for (let i = 0; i < 4; i += 1) {
          const p = await crearProducto(t, v, {
            stock: '100000',
            precio: '1000',
            cantidadTotalGrupo: '10',
          });
          lista.push(p._id as string);
        }
        return lista;
      }),
    );

    // p95 of the 3-seller checkout, after a warm-up.
    const carrito = await pedidoDePrueba(
      t,
      comprador,
      vendedores.map((_, i) => ({
        productoId: productosDe[i]?.[0] as string,
        cantidadSolicitada: 1,
      })),
      vendedores.map((v) => v.tiendaId),
    );
    const latencias: number[] = [];
    for (let i = 0; i < PREFERENCIAS + 20; i += 1) {
      const inicio = performance.now();
      const res = await crearPreferencia(t, comprador, carrito);
      const ms = performance.now() - inicio;
      if (res.statusCode !== 201) throw new Error(`crearPreferencia: ${res.body}`);
      if (i >= 20) latencias.push(ms);
    }
    const prefP95 = p95(latencias);
    console.log(`  crearPreferencia (3 vendedores): p95 ${prefP95.toFixed(1)} ms`);

    // Orders paid on the sandbox beforehand (not timed), one shopper per lane: a shopper's new
    // order replaces their older ones with no payment under way (docs/decisions/029), so a
    // shopper preparing two at once could lose one to the other before its link is asked for.
    const pagos: string[] = [];
    const indices = Array.from({ length: APROBACIONES }, (_, i) => i);
    const carriles = 10;
    const compradores = [comprador];
    while (compradores.length < carriles) compradores.push(await compradorConDireccion(t));
    await enParalelo(indices, carriles, async (i, carril) => {
      const comprador = compradores[carril] as (typeof compradores)[number];
      const v = vendedores[i % 3];
      const productoId = productosDe[i % 3]?.[Math.floor(i / 3) % 4] as string;
      if (!v) return;
      const body = await pedidoDePrueba(
        t,
        comprador,
        [{ productoId, cantidadSolicitada: 1 + (i % 3) }],
        [v.tiendaId],
      );
      const res = await crearPreferencia(t, comprador, body);
      if (res.statusCode !== 201) throw new Error(`crearPreferencia: ${res.body}`);
      const pedidoId = res.json().pedidoId as string;
      const link = await app.inject({
        url: `/api/pedido/linkPago/${pedidoId}/${v.tiendaId}`,
        headers: comprador.auth,
      });
      if (link.statusCode !== 200) throw new Error(`linkPago: ${link.statusCode} ${link.body}`);
      const prefId = new URL(link.json().init_point).searchParams.get('pref_id') as string;
      const pago = await app.inject({
        method: 'POST',
        url: '/api/sandbox/mercadopago/checkout',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ pref_id: prefId, accion: 'aprobar' }).toString(),
      });
      pagos.push(new URL(pago.headers.location as string).searchParams.get('payment_id') as string);
    });

    // Four API processes' worth of apps (each with its own pool of 10), as in grupos.ts.
    const otras = [];
    for (let i = 0; i < APPS - 1; i += 1) {
      const db = await openDatabase({ kind: 'postgres', url });
      const otra = await buildApp({ config, database: db });
      await otra.ready();
      otras.push({ app: otra, db });
    }
    const apps = [app, ...otras.map((o) => o.app)];
    let turno = 0;
    const inicio = performance.now();
    const { idas } = await contarIdasYVueltas(() =>
      enParalelo(pagos, EN_VUELO, async (dataId) => {
        const requestId = randomUUID();
        const res = await (apps[turno++ % apps.length] ?? app).inject({
          method: 'POST',
          url: `/api/pago/webhook?data.id=${dataId}&type=payment`,
          headers: {
            'x-request-id': requestId,
            'x-signature': firmarNotificacion(secreto, { dataId, requestId, ahora: new Date() }),
          },
          payload: { type: 'payment', data: { id: dataId } },
        });
        if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
      }),
    );
    const porSegundo = pagos.length / ((performance.now() - inicio) / 1000);
    for (const o of otras) {
      await o.app.close();
      await o.db.close();
    }

    const problemas = await violacionesDeInvariantes(database.db);
    const aprobados = (
      await database.db.select().from(pagosProveedor).where(eq(pagosProveedor.estado, 'aprobado'))
    ).length;
    if (aprobados !== pagos.length) problemas.push(`${aprobados} de ${pagos.length} aprobados`);
    const negativos = (await database.db.select().from(productos)).filter((p) => p.stock < 0);
    if (negativos.length > 0) problemas.push(`${negativos.length} productos con stock negativo`);
    const ok = problemas.length === 0;
    console.log(
      `  Aprobaciones: ${porSegundo.toFixed(0)}/s (${pagos.length} notificaciones, ${EN_VUELO} a la vez); idas y vueltas por aprobación: ${porUnidad(idas, pagos.length)}; invariantes: ${ok ? 'OK' : problemas.slice(0, 3).join('; ')}`,
    );
    return [
      {
        figure: `${figAprob}, invariantes ${ok ? 'OK' : 'ROTOS'}`,
        value: `${porSegundo.toFixed(0)}/s`,
        budget: '>= 300/s',
        ok: porSegundo >= 300 && ok,
      },
      {
        figure:
          'Aprobaciones por POST /api/pago/webhook: idas y vueltas a la base por aprobación (la notificación entera)',
        value: porUnidad(idas, pagos.length),
        budget: '—',
        ok: null,
      },
      {
        figure: figPref,
        value: `${prefP95.toFixed(1)} ms`,
        budget: '<= 150 ms',
        ok: prefP95 <= 150,
      },
    ];
  });
}

/** `npx tsx scripts/bench/pagos.ts`: only these two figures. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await medirPagosEnPostgres()) {
    console.log(`${row.figure}: ${row.value} (presupuesto ${row.budget})`);
  }
  process.exit(0);
}
