import { rooms } from '@compra-grupal/contracts';
import type { OutboxRepository } from '../../realtime/outbox.repository';

/**
 * Records, in the caller's transaction, that what a store's pages show changed (its data, its
 * categories, whether it is enabled): the pages the server keeps of it and of its products are
 * drawn anew once it commits (decision 044).
 */
export function registrarTiendaActualizada(eventos: OutboxRepository, tiendaId: string) {
  return eventos.registrar(rooms.tienda(tiendaId), 'tiendaActualizada', { tiendaId });
}
