import type { Mensajes } from '../aviso/mensajes.service';
import { pedidoEntregado, reembolsoPorCancelacion } from './ciclo-de-vida';
import type { EnvioEnGrupo } from './envio-en-grupo.service';
import { anunciarStock, devolverUnidades, type RepositoriosDelCiclo } from './unidades-del-ciclo';

/**
 * The lifecycle's transitions that give money back because nothing will ship: an order whose
 * reservation ran out unpaid, and a group cancelled (docs/decisions/028), each inside the
 * caller's transaction.
 */
export function createReembolsosDelCiclo({
  mensajes,
  envioEnGrupo,
}: {
  mensajes?: Pick<Mensajes, 'pedidoEntregado'>;
  /** A part whose other groups closed is ready once this one is cancelled (decision 057). */
  envioEnGrupo?: Pick<EnvioEnGrupo, 'alTerminarGrupo'>;
}) {
  return {
    /**
     * Orders whose reservation just ran out (the expiry sweep, after releasing what they held):
     * an order that not every seller was paid for never takes places, so each part that was
     * paid is refunded whole, marked `reembolsado`, and its units go back on sale
     * (docs/decisions/028). Also an order that a price change stopped (`precio_cambiado`,
     * docs/decisions/054). Answers the refunds recorded.
     */
    async reembolsarPedidosVencidos(
      repos: RepositoriosDelCiclo,
      pedidoIds: string[],
      ahora: Date,
      motivo: 'pedido_vencido' | 'precio_cambiado' = 'pedido_vencido',
    ): Promise<string[]> {
      const partes = await repos.cicloDeVida.findPartes(pedidoIds, ahora);
      const incompletos = new Set(
        partes.filter((p) => p.estadoPago !== 'aprobado').map((p) => p.pedidoId),
      );
      const pagadas = partes.filter(
        (p) =>
          incompletos.has(p.pedidoId) &&
          p.estadoPago === 'aprobado' &&
          p.participaciones.length === 0 &&
          !p.entregada,
      );
      for (const parte of pagadas) {
        await repos.cicloDeVida.updateEstadoDeParte(parte.parteId, 'reembolsado', ahora);
        // Nothing of it ships: its units go back on sale.
        await devolverUnidades(repos, parte.pedidoId, parte.tiendaId);
      }
      return repos.cicloDeVida.insertReembolsos(
        pagadas.map((parte) => ({
          motivo,
          pedidoId: parte.pedidoId,
          tiendaId: parte.tiendaId,
          usuarioId: parte.usuarioId,
          proveedorPagoId: parte.proveedorPagoId,
          montoCentavos: parte.montoCentavos,
          clave: `reembolso-${parte.proveedorPagoId ?? parte.parteId}`,
          ahora,
        })),
      );
    },

    /**
     * A group was just cancelled (its row is `cancelado` in this transaction; the caller
     * locked the orders with places in it, then its product, as docs/decisions/046 says, so
     * the orders' other groups read here are final for this decision): records one refund per
     * participation of a paid order, its share by the policy, marks the parts that nothing of
     * ships any more `reembolsado`, puts the group's units back on sale, and tells the
     * shoppers whose order is now delivered whole (the part that remained was delivered).
     * Answers the refunds recorded.
     */
    async reembolsarGrupoCancelado(
      repos: RepositoriosDelCiclo,
      grupoId: string,
      ahora: Date,
    ): Promise<{ ids: string[]; montoCentavos: number }> {
      const participaciones = await repos.cicloDeVida.findParticipacionesDeGrupo(grupoId);
      const pedidoIds = [...new Set(participaciones.map((p) => p.pedidoId))];
      const partes = await repos.cicloDeVida.findPartes(pedidoIds, ahora);
      const filas = [];
      for (const participacion of participaciones) {
        const parte = partes.find(
          (p) => p.pedidoId === participacion.pedidoId && p.tiendaId === participacion.tiendaId,
        );
        if (!parte) continue;
        // The share of this participation alone: a part may hold several in one group.
        const propia = {
          ...parte,
          participaciones: parte.participaciones.filter(
            (p) => p.grupoId !== grupoId || p.participanteId === participacion.participanteId,
          ),
        };
        const yaContadas = filas.filter(
          (f) => f.pedidoId === parte.pedidoId && f.tiendaId === parte.tiendaId,
        ).length;
        // Shipping goes back once, with the part's last participation in the group.
        const monto = reembolsoPorCancelacion(
          yaContadas < participacionesDe(parte, grupoId) - 1
            ? { ...propia, envioCentavos: 0 }
            : propia,
          grupoId,
        );
        filas.push({
          motivo: 'grupo_cancelado' as const,
          pedidoId: parte.pedidoId,
          tiendaId: parte.tiendaId,
          usuarioId: participacion.usuarioId,
          proveedorPagoId: participacion.proveedorPagoId,
          montoCentavos: monto,
          clave: `reembolso-grupo-${participacion.participanteId}`,
          grupoId,
          participanteId: participacion.participanteId,
          ahora,
        });
      }
      const ids = await repos.cicloDeVida.insertReembolsos(filas);
      await envioEnGrupo?.alTerminarGrupo(repos, grupoId);
      let devueltas = 0;
      let productoId: string | undefined;
      for (const parte of partes) {
        const enElGrupo = parte.participaciones.filter((p) => p.grupoId === grupoId);
        if (enElGrupo.length === 0) continue;
        for (const p of enElGrupo) {
          devueltas += p.cantidad;
          productoId = p.productoId;
        }
        const siguen = parte.participaciones.some(
          (p) => p.grupoId !== grupoId && p.estadoGrupo !== 'cancelado',
        );
        if (parte.estadoPago === 'aprobado' && !siguen) {
          await repos.cicloDeVida.updateEstadoDeParte(parte.parteId, 'reembolsado', ahora);
        }
      }
      // The places given back are units no one bought any more: back on sale (the caller
      // holds the product's lock).
      if (productoId && devueltas > 0) {
        const nuevo = await repos.pedido.incrementStock(productoId, devueltas);
        if (nuevo !== undefined) await anunciarStock(repos, new Map([[productoId, nuevo]]));
      }
      for (const pedidoId of pedidoIds) {
        const delPedido = partes.filter((p) => p.pedidoId === pedidoId);
        if (!pedidoEntregado(delPedido)) continue;
        // Before this cancellation the group still went on: was the order delivered already?
        const antes = delPedido.map((p) => ({
          ...p,
          participaciones: p.participaciones.map((x) =>
            x.grupoId === grupoId ? { ...x, estadoGrupo: 'abierto' as const } : x,
          ),
        }));
        if (pedidoEntregado(antes)) continue;
        await mensajes?.pedidoEntregado(repos, { pedidoId, ahora });
      }
      return { ids, montoCentavos: filas.reduce((t, f) => t + f.montoCentavos, 0) };
    },
  };
}

const participacionesDe = (
  parte: { participaciones: readonly { grupoId: string }[] },
  grupoId: string,
) => parte.participaciones.filter((p) => p.grupoId === grupoId).length;
