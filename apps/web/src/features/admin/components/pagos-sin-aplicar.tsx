import type { DineroEnCurso } from '@compra-grupal/contracts';
import { Badge } from '@/components/ui/badge';
import { formatPrecio } from '@/lib/format-currency';
import { formatFechaHora } from '@/lib/format-fecha';
import { SITUACIONES_DE_PAGO } from '../lib/dinero-en-curso';
import { Celda, CeldasDePedido, FilaDeDinero, TablaDeDinero } from './tabla-de-dinero';

const COLUMNAS = 'lg:grid-cols-[6.5rem_minmax(0,1.4fr)_minmax(0,1.2fr)_minmax(0,1fr)_8.5rem]';

/** Payments a buyer made that no order has taken yet: being credited, or never heard of. */
export function PagosSinAplicar({
  pagos,
}: {
  pagos: readonly DineroEnCurso['pagosSinAplicar'][number][];
}) {
  return (
    <TablaDeDinero
      etiqueta="Pagos sin aplicar"
      columnas={COLUMNAS}
      encabezados={['Pedido', 'Tienda', 'Situación', 'Desde', 'Monto']}
    >
      {pagos.map((pago) => (
        <FilaDeDinero key={`${pago.pedidoId}-${pago.tiendaId}`} columnas={COLUMNAS}>
          <CeldasDePedido numero={pago.numero} tiendaNombre={pago.tiendaNombre} />
          <Celda etiqueta="Situación">
            <Badge variant={pago.situacion === 'sin_noticias' ? 'highlight' : 'secondary'}>
              {SITUACIONES_DE_PAGO[pago.situacion]}
            </Badge>
          </Celda>
          <Celda etiqueta="Desde">
            <time dateTime={pago.desde} className="whitespace-nowrap">
              {formatFechaHora(pago.desde)}
            </time>
          </Celda>
          <Celda
            etiqueta="Monto"
            etiquetaOculta
            className="col-span-1 col-start-2 row-start-1 text-right lg:col-start-auto lg:row-start-auto"
          >
            <span className="font-semibold text-base tabular-nums">{formatPrecio(pago.monto)}</span>
          </Celda>
        </FilaDeDinero>
      ))}
    </TablaDeDinero>
  );
}
