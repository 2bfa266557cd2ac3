import type { OpcionEnvio, Paquete } from '@compra-grupal/contracts';
import type { OrdenDeBloqueo } from '../../db/orden-de-bloqueo';
import type { WithTransaction } from '../../db/unit-of-work';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import type { Mensajes } from '../aviso/mensajes.service';
import type { LugaresDelGrupo } from '../grupo-de-compra/grupo-de-compra.ports';
import type { CicloDeVidaRepository } from './ciclo-de-vida.repository';
import type { CicloDeVida } from './ciclo-de-vida.service';
import type { PedidoRepository } from './pedido.repository';
import type { ReembolsosService } from './reembolsos.service';

/**
 * The server-side shipping quote of one store's part of an order (the envio module's
 * `cotizarParaPedido`) for the part's units in their sellers' packages; its price is the one
 * the order keeps, never the client's.
 */
export type CotizarParaPedido = (input: {
  tiendaId: string;
  direccion: { latitud: number; longitud: number };
  lineas: readonly { paquete: Paquete; cantidad: number }[];
}) => Promise<(OpcionEnvio & { precioCentavos: number })[]>;

/**
 * What an order's transactions write through: the orders, the lifecycle (the expiry refunds
 * run through it, so the places ledger's part too) and the outbox.
 */
export type RepositoriosDelPedido = RepositoriosDelAviso & {
  bloqueos: OrdenDeBloqueo;
  pedido: PedidoRepository;
  cicloDeVida: CicloDeVidaRepository;
  eventos: OutboxRepository;
  grupoDeCompra: LugaresDelGrupo['grupoDeCompra'];
};

/**
 * The order service's deps (pedido.service.ts): one object, of which each use case's factory
 * takes what it uses.
 */
export interface DepsDelPedido {
  repository: PedidoRepository;
  withTransaction: WithTransaction<RepositoriosDelPedido>;
  cotizarParaPedido: CotizarParaPedido;
  reservaMinutos: number;
  /** The order lifecycle's reads: each part's state and refunds. */
  lecturasDelCiclo: Pick<CicloDeVidaRepository, 'findPartes'>;
  /** The order lifecycle's transitions: what an expired order gives back. */
  cicloDeVida: Pick<CicloDeVida, 'reembolsarPedidosVencidos'>;
  /** The refund ledger's worker. */
  reembolsos: Pick<ReembolsosService, 'hacerAhora'>;
  /** Tells the shopper (docs/decisions/042); without it (the demo seed) nobody is told. */
  mensajes?: Pick<Mensajes, 'pedidoCreado' | 'reservasPorVencer'>;
  clock: Clock;
}

export const pedidoNoEncontrado = () => notFound('PEDIDO_NO_ENCONTRADO');
