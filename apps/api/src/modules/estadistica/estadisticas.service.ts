import type { EstadisticasDeTienda, PeriodoQuery, VentasCsvQuery } from '@compra-grupal/contracts';
import { requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { diasDelPeriodo, instantesDelPeriodo } from '../../lib/dia-en-buenos-aires';
import { centavosAPesos } from '../../lib/money';
import type { EstadisticasRepository, Instantes } from './estadisticas.repository';
import { ventasEnCsv } from './ventas-csv';

/** Products listed by units sold. */
export const PRODUCTOS_MAS_VENDIDOS = 10;
/** Rows the export reads at a time. */
export const PAGINA_DE_EXPORTACION = 500;

/**
 * A store's figures for a period of Buenos Aires days and its sales for the accountant
 * (docs/decisions/058), for the store's owner or an admin (others 403). Sales are counted by
 * the day each part was sold; what was refunded of a part counts against that sale, so the
 * screen's totals and the export's rows add up to the same figures.
 */
export function createEstadisticasService({ repository }: { repository: EstadisticasRepository }) {
  async function tiendaDe(actor: Actor | null, tiendaId: string) {
    const tienda = await repository.findTienda(tiendaId);
    if (!tienda) throw notFound('TIENDA_NO_ENCONTRADA');
    requireOwner(actor, tienda.usuarioId);
  }

  async function* ventas(tiendaId: string, periodo: Instantes) {
    let despues: { cursorEn: string; parteId: string } | undefined;
    for (;;) {
      const pagina = await repository.ventasParaExportar(
        tiendaId,
        periodo,
        PAGINA_DE_EXPORTACION,
        despues,
      );
      yield* pagina;
      const ultima = pagina.at(-1);
      if (!ultima || pagina.length < PAGINA_DE_EXPORTACION) return;
      despues = { cursorEn: ultima.cursorEn, parteId: ultima.parteId };
    }
  }

  return {
    /** GET tienda/{tiendaId}/estadisticas. */
    async deTienda(
      actor: Actor | null,
      tiendaId: string,
      { desde, hasta }: PeriodoQuery,
    ): Promise<EstadisticasDeTienda> {
      await tiendaDe(actor, tiendaId);
      const periodo = instantesDelPeriodo(desde, hasta);
      const [porDia, porProducto, grupos, gruposPorDia, mediana, entregasPendientes] =
        await Promise.all([
          repository.ventasPorDia(tiendaId, periodo),
          repository.ventasPorProducto(tiendaId, periodo),
          repository.gruposPorProducto(tiendaId, periodo),
          repository.gruposPorDia(tiendaId, periodo),
          repository.medianaHorasParaCompletar(tiendaId, periodo),
          repository.entregasPendientes(tiendaId),
        ]);
      const suma = <T>(filas: T[], de: (fila: T) => number) =>
        filas.reduce((total, fila) => total + de(fila), 0);
      const pagado = suma(porDia, (d) => d.pagadoCentavos);
      const reembolsado = suma(porDia, (d) => d.reembolsadoCentavos);

      const ventasDelDia = new Map(porDia.map((d) => [d.dia, d]));
      const gruposDelDia = new Map(gruposPorDia.map((d) => [d.dia, d]));
      const gruposDe = new Map(grupos.map((g) => [g.productoId, g]));
      const vendidos = new Map(porProducto.map((p) => [p.productoId, p]));
      const productos = [...new Set([...vendidos.keys(), ...gruposDe.keys()])]
        .map((productoId) => {
          const venta = vendidos.get(productoId);
          const grupo = gruposDe.get(productoId);
          const completados = grupo?.completados ?? 0;
          const terminados = completados + (grupo?.cancelados ?? 0) + (grupo?.vencidos ?? 0);
          return {
            productoId,
            nombre: venta?.nombre ?? grupo?.nombre ?? '',
            unidades: venta?.unidades ?? 0,
            ventas: centavosAPesos(venta?.ventasCentavos ?? 0),
            gruposCompletados: completados,
            gruposTerminados: terminados,
            tasaDeCompletado: terminados === 0 ? null : completados / terminados,
          };
        })
        .sort(
          (a, b) =>
            b.unidades - a.unidades ||
            b.ventas - a.ventas ||
            b.gruposTerminados - a.gruposTerminados ||
            a.nombre.localeCompare(b.nombre, 'es'),
        )
        .slice(0, PRODUCTOS_MAS_VENDIDOS);

      return {
        tiendaId,
        desde,
        hasta,
        ventas: {
          pagado: centavosAPesos(pagado),
          reembolsado: centavosAPesos(reembolsado),
          neto: centavosAPesos(pagado - reembolsado),
          envio: centavosAPesos(suma(porDia, (d) => d.envioCentavos)),
        },
        comisiones: {
          mercadoPago: centavosAPesos(suma(porDia, (d) => d.comisionMpCentavos)),
          marketplace: centavosAPesos(suma(porDia, (d) => d.comisionMarketplaceCentavos)),
        },
        pedidos: suma(porDia, (d) => d.partes),
        unidades: suma(porProducto, (p) => p.unidades),
        grupos: {
          abiertos: suma(grupos, (g) => g.abiertos),
          completados: suma(grupos, (g) => g.completados),
          cancelados: suma(grupos, (g) => g.cancelados),
          vencidos: suma(grupos, (g) => g.vencidos),
          medianaHorasParaCompletar: mediana === null ? null : Math.round(mediana * 10) / 10,
        },
        entregasPendientes,
        porDia: diasDelPeriodo(desde, hasta).map((dia) => ({
          dia,
          pagado: centavosAPesos(ventasDelDia.get(dia)?.pagadoCentavos ?? 0),
          reembolsado: centavosAPesos(ventasDelDia.get(dia)?.reembolsadoCentavos ?? 0),
          gruposCompletados: gruposDelDia.get(dia)?.completados ?? 0,
          gruposCancelados: gruposDelDia.get(dia)?.cancelados ?? 0,
        })),
        productos,
      };
    },

    /**
     * GET tienda/{tiendaId}/ventas.csv: access is checked before the first byte; the rows
     * are then read a page at a time as the CSV is written.
     */
    async ventasCsv(actor: Actor | null, tiendaId: string, consulta: VentasCsvQuery) {
      await tiendaDe(actor, tiendaId);
      const periodo = instantesDelPeriodo(consulta.desde, consulta.hasta);
      return ventasEnCsv(ventas(tiendaId, periodo), consulta.formato ?? 'estandar');
    },
  };
}

export type EstadisticasService = ReturnType<typeof createEstadisticasService>;
