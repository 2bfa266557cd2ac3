import { rooms } from '@compra-grupal/contracts';
import type { OrdenDeBloqueo } from '../../db/orden-de-bloqueo';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import type { LugaresDelGrupo } from '../grupo-de-compra/grupo-de-compra.ports';
import type { CicloDeVidaRepository } from './ciclo-de-vida.repository';
import type { PedidoRepository } from './pedido.repository';

/**
 * The repositories of the caller's transaction that the lifecycle writes through: its own,
 * the orders' stock, the outbox and the places ledger's (pedido.ports.ts offers this to the
 * modules that run a transition).
 */
export interface RepositoriosDelCiclo extends RepositoriosDelAviso {
  /** Row locks in the one order (db/orden-de-bloqueo.ts). */
  bloqueos: OrdenDeBloqueo;
  cicloDeVida: CicloDeVidaRepository;
  pedido: Pick<PedidoRepository, 'incrementStock' | 'decrementStock'>;
  eventos: OutboxRepository;
  grupoDeCompra: LugaresDelGrupo['grupoDeCompra'];
}

/**
 * Records `stockActualizado` for each product whose stock changed (product id order).
 */
export async function anunciarStock(repos: RepositoriosDelCiclo, cambios: Map<string, number>) {
  for (const [productoId, nuevoStock] of [...cambios].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await repos.eventos.registrar(rooms.producto(productoId), 'stockActualizado', {
      productoId,
      nuevoStock,
    });
  }
}

/** A refunded part's sold units go back on sale (`stockActualizado`). */
export async function devolverUnidades(
  repos: RepositoriosDelCiclo,
  pedidoId: string,
  tiendaId: string,
) {
  const liberadas = await repos.cicloDeVida.releaseLineas(pedidoId, tiendaId, 'vendido');
  const stock = new Map<string, number>();
  for (const l of [...liberadas].sort((a, b) => (a.productoId < b.productoId ? -1 : 1))) {
    const nuevo = await repos.pedido.incrementStock(l.productoId, l.cantidad);
    if (nuevo !== undefined) stock.set(l.productoId, nuevo);
  }
  await anunciarStock(repos, stock);
}
