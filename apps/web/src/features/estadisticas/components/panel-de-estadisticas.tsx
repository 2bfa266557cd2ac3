import type { EstadisticasDeTienda, PeriodoQuery } from '@compra-grupal/contracts';
import { serieDelPeriodo } from '../lib/serie';
import { GraficoDeGrupos } from './grafico-de-grupos';
import { GraficoDeVentas } from './grafico-de-ventas';
import { ProductosMasVendidos } from './productos-mas-vendidos';
import { ResumenDeGrupos } from './resumen-de-grupos';
import { TarjetasDeResumen } from './tarjetas-de-resumen';

/** The period's dashboard: the figures, the groups, both charts and the best products. */
export function PanelDeEstadisticas({ estadisticas }: { estadisticas: EstadisticasDeTienda }) {
  // The answer's own days: the figures on screen while another period loads keep their days.
  const periodo: PeriodoQuery = {
    desde: estadisticas.desde.slice(0, 10),
    hasta: estadisticas.hasta.slice(0, 10),
  };
  const { escala, puntos } = serieDelPeriodo(periodo, estadisticas.porDia);
  return (
    <div className="grid animate-rise-in gap-4 lg:gap-5">
      <section aria-label="Resumen del período">
        <TarjetasDeResumen estadisticas={estadisticas} />
      </section>
      <ResumenDeGrupos grupos={estadisticas.grupos} />
      <div className="grid gap-4 lg:grid-cols-2 lg:gap-5">
        <GraficoDeVentas periodo={periodo} escala={escala} puntos={puntos} />
        <GraficoDeGrupos periodo={periodo} escala={escala} puntos={puntos} />
      </div>
      <ProductosMasVendidos productos={estadisticas.productos} />
    </div>
  );
}
