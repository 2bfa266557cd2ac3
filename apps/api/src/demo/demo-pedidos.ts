import { and, eq, inArray } from 'drizzle-orm';
import { SANDBOX_COMISION_MP_PORCENTAJE } from '../adapters/payments/sandbox-checkout';
import type { Database } from '../db/client';
import {
  gruposDeCompra,
  pagosPorVendedor,
  pedidoLineas,
  pedidos,
  productos,
  tiendas,
} from '../db/schema';
import { createUnitOfWork } from '../db/unit-of-work';
import { fixedId } from '../lib/ids';
import { abrirGrupo, tomarLugares } from '../modules/grupo-de-compra/grupo-de-compra.ledger';
import { createCicloDeVida } from '../modules/pedido/ciclo-de-vida.service';
import { generarCodigoEntrega } from '../modules/pedido/codigo-entrega';
import { createRepositories } from '../repositories';
import { DEMO_USUARIOS } from './demo-usuarios';
import type { SeedContext } from './seed-context';

const lucia = DEMO_USUARIOS.comprador;
const cicloDeVida = createCicloDeVida();

/**
 * The demo shopper's orders, one in each state Mis Pedidos shows (issue 14): paid and waiting
 * for its group ('En curso'), paid with its group full ('Completo': 'Enviando' and the code),
 * delivered (its group `completado`), and one whose group the product team cancelled, refunded.
 * `llenar`: the order takes every place left in the product's open group.
 */
const DEMO_PEDIDOS: {
  n: number;
  producto: string;
  cantidad: number | 'llenar';
  estado: 'en-curso' | 'completo' | 'entregado' | 'cancelado';
}[] = [
  { n: 1, producto: 'Arroz largo fino 1 kg', cantidad: 2, estado: 'en-curso' },
  { n: 2, producto: 'Atún al natural x3', cantidad: 'llenar', estado: 'completo' },
  { n: 3, producto: 'Aceite de girasol 1,5 l', cantidad: 'llenar', estado: 'entregado' },
  { n: 4, producto: 'Manzanas rojas 3 kg', cantidad: 1, estado: 'cancelado' },
];

/** Idempotent: an order already there (fixed id) is left as it is. */
/** The marketplace's fee on the demo's sales, in percent (MP_MARKETPLACE_FEE_PERCENT's default). */
const COMISION_MARKETPLACE_DEMO = 5;

export async function seedDemoPedidos({ db }: SeedContext): Promise<void> {
  const nombres = DEMO_PEDIDOS.map((p) => p.producto);
  const lista = await db
    .select({ producto: productos, vendedorId: tiendas.usuarioId })
    .from(productos)
    .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
    .where(inArray(productos.nombre, nombres));
  // Events of the seed's transactions are dropped: nobody listens while seeding.
  const withTransaction = createUnitOfWork(
    db,
    (tx: Database) => Object.assign(createRepositories(tx), { tx }),
    { beforeCommit: (repos) => repos.eventos.discardPending() },
  );

  for (const demo of DEMO_PEDIDOS) {
    const fila = lista.find((p) => p.producto.nombre === demo.producto);
    const pedidoId = fixedId('e1', demo.n);
    if (!fila) continue; // the demo stores were left out
    const [existente] = await db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
    if (existente) continue;
    const { producto, vendedorId } = fila;
    const ahora = new Date();

    await withTransaction(async (repos) => {
      const { tx } = repos;
      const [abierto] = await tx
        .select()
        .from(gruposDeCompra)
        .where(
          and(eq(gruposDeCompra.productoId, producto.id), eq(gruposDeCompra.estado, 'abierto')),
        );
      const cantidad =
        demo.cantidad === 'llenar'
          ? abierto
            ? abierto.lugaresNecesarios - abierto.lugaresOcupados
            : producto.cantidadTotalGrupo
          : demo.cantidad;
      const precio = producto.precioCentavos * cantidad;
      const envio = 250_000;
      const creadoEn = new Date(ahora.getTime() - (5 - demo.n) * 86_400_000);
      await tx.insert(pedidos).values({
        id: pedidoId,
        usuarioId: lucia.id,
        codigo: generarCodigoEntrega(),
        direccion: 'Av. Santa Fe 3253',
        departamento: '4° B',
        descripcion: 'Timbre 4B, portero eléctrico',
        ciudad: 'Ciudad Autónoma de Buenos Aires',
        provincia: 'Ciudad Autónoma de Buenos Aires',
        codigoPostal: 'C1425',
        latitud: -34.5889,
        longitud: -58.4108,
        telefono: '+54 11 5555-0101',
        paquete: { peso: 2, largo: 30, ancho: 20, alto: 15 },
        aprobado: true,
        todosLosPagosAprobados: true,
        creadoEn,
        reservaExpiraEn: ahora,
        reservaLiberadaEn: ahora,
      });
      await tx.insert(pedidoLineas).values({
        id: fixedId('e2', demo.n),
        pedidoId,
        productoId: producto.id,
        tiendaId: producto.tiendaId,
        cantidad,
        precioCentavos: producto.precioCentavos,
        reserva: 'vendido',
        vendidoEn: creadoEn,
      });
      await tx.insert(pagosPorVendedor).values({
        id: fixedId('e3', demo.n),
        pedidoId,
        tiendaId: producto.tiendaId,
        estado: 'aprobado',
        montoCentavos: precio + envio,
        envioCentavos: envio,
        envioCarrier: 'Correo Argentino',
        envioServicio: 'Clásico a domicilio',
        envioDiasMinimos: 3,
        envioDiasMaximos: 5,
        // Sold when it was placed, with the fees the sandbox reports (Estadísticas, docs/decisions/058).
        aprobadoEn: creadoEn,
        comisionMpCentavos: Math.round(((precio + envio) * SANDBOX_COMISION_MP_PORCENTAJE) / 100),
        comisionMarketplaceCentavos: Math.round(
          ((precio + envio) * COMISION_MARKETPLACE_DEMO) / 100,
        ),
        ...(demo.estado === 'entregado'
          ? { entregadoEn: ahora, entregadoPor: vendedorId, entregaMetodo: 'manual' as const }
          : {}),
      });
      const [toma] = await tomarLugares(repos, {
        productoId: producto.id,
        cantidad,
        usuarioId: lucia.id,
        pedidoId,
        ahora: ahora,
        precioCentavos: producto.precioCentavos,
      });
      if (!toma) return;

      if (demo.estado === 'entregado') {
        // Delivered by hand above: its group completes as a delivery does.
        await repos.entrega.markGruposCompletados([toma.grupoId], ahora);
      }
      if (demo.estado === 'cancelado') {
        await repos.grupoDeCompra.markCancelado(toma.grupoId, ahora);
        // The lifecycle decides the refund, as a real cancellation; the demo's was confirmed.
        const { ids } = await cicloDeVida.reembolsarGrupoCancelado(repos, toma.grupoId, ahora);
        for (const [i, id] of ids.entries()) {
          await repos.reembolso.markReembolsado(id, `demo-${demo.n}-${i}`, ahora);
        }
        // The product stays on sale: its next group opens, as a cancellation does.
        await abrirGrupo(repos, producto, ahora);
      }
    });
  }
}
