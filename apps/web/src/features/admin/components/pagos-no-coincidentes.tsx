import type { DineroEnCurso } from '@compra-grupal/contracts';
import { CircleCheckIcon, ClockIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatPrecio } from '@/lib/format-currency';
import { formatFechaHora } from '@/lib/format-fecha';
import { Celda, CeldasDePedido, FilaDeDinero, TablaDeDinero } from './tabla-de-dinero';

const COLUMNAS = 'lg:grid-cols-[6rem_minmax(0,1fr)_7rem_10.5rem_9.5rem_7.5rem]';

/** Payments whose amount did not match their order, and whether their refund went out. */
export function PagosNoCoincidentes({
  pagos,
}: {
  pagos: readonly DineroEnCurso['pagosNoCoincidentes'][number][];
}) {
  return (
    <TablaDeDinero
      etiqueta="Pagos que no coinciden"
      columnas={COLUMNAS}
      encabezados={['Pedido', 'Tienda', 'Pago del proveedor', 'Fecha', 'Reembolso', 'Monto']}
    >
      {pagos.map((pago) => (
        <FilaDeDinero key={pago.proveedorPagoId} columnas={COLUMNAS}>
          <CeldasDePedido numero={pago.numero} tiendaNombre={pago.tiendaNombre} />
          <Celda etiqueta="Pago del proveedor">
            <span className="break-all font-mono text-xs">{pago.proveedorPagoId}</span>
          </Celda>
          <Celda etiqueta="Fecha">
            <time dateTime={pago.fecha} className="whitespace-nowrap">
              {formatFechaHora(pago.fecha)}
            </time>
          </Celda>
          <Celda etiqueta="Reembolso" etiquetaOculta>
            {pago.reembolsado ? (
              <Badge variant="secondary">
                <CircleCheckIcon aria-hidden />
                Reembolsado
              </Badge>
            ) : (
              <Badge variant="highlight">
                <ClockIcon aria-hidden />
                Reembolso pendiente
              </Badge>
            )}
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
