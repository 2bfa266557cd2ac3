import type { PlanificadorDeRutas } from '../../adapters/rutas/rutas.port';
import type { OrdenDeBloqueo } from '../../db/orden-de-bloqueo';
import type { WithTransaction } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import type { Mensajes } from '../aviso/mensajes.service';
import type { LugaresDelGrupo } from '../grupo-de-compra/grupo-de-compra.ports';
import type { LineasDePedidos, PartesDelCiclo } from '../pedido/pedido.ports';
import type { EntregaRepository } from './entrega.repository';

/**
 * The delivery service's deps (entrega.service.ts): one object, of which each use case's
 * factory takes what it uses.
 */
export interface DepsDeEntrega {
  repository: EntregaRepository;
  /** Delivery's rows, the parts' states, and the group announcement (the places ledger's). */
  withTransaction: WithTransaction<
    RepositoriosDelAviso & {
      bloqueos: OrdenDeBloqueo;
      entrega: EntregaRepository;
      cicloDeVida: PartesDelCiclo;
      grupoDeCompra: LugaresDelGrupo['grupoDeCompra'];
      eventos: OutboxRepository;
    }
  >;
  /** Tells the shopper the order was delivered (docs/decisions/042). */
  mensajes?: Pick<Mensajes, 'pedidoEntregado'>;
  /** The order lifecycle's reads: each part's state and readiness. */
  cicloDeVida: PartesDelCiclo;
  /** The orders' lines with their product's name and picture (the pedido repository's). */
  lineasDePedidos: LineasDePedidos;
  /** The order of the day's stops (docs/decisions/057). */
  rutas: PlanificadorDeRutas;
  clock: Clock;
}

/** The delivery address of an order, as the lists show it. */
export const direccionDe = (p: {
  direccion: string;
  departamento: string | null;
  descripcion: string | null;
  ciudad: string;
  provincia: string;
  codigoPostal: string | null;
}) => ({
  direccion: p.direccion,
  departamento: p.departamento,
  descripcion: p.descripcion,
  ciudad: p.ciudad,
  provincia: p.provincia,
  codigoPostal: p.codigoPostal,
});
