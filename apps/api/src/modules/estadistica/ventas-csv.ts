import { Readable } from 'node:stream';
import { numeroDePedido } from '@compra-grupal/contracts';
import { stringify } from 'csv-stringify';
import { fechaYHoraEnBuenosAires } from '../../lib/dia-en-buenos-aires';
import type { VentaParaExportar } from './estadisticas.repository';

/** 'es-AR': '1.234,56' in columns split by ';', as a spreadsheet set to Spanish opens them. */
export type FormatoDeCsv = 'es-AR' | 'estandar';

export const COLUMNAS_DE_VENTAS = [
  'Pedido',
  'Fecha',
  'Comprador',
  'Productos',
  'Mercadería',
  'Envío',
  'Comisión Mercado Pago',
  'Comisión marketplace',
  'Reembolsado',
  'Neto',
  'Estado',
] as const;

const pesosEsAr = new Intl.NumberFormat('es-AR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const importe = (centavos: number, formato: FormatoDeCsv) =>
  formato === 'es-AR' ? pesosEsAr.format(centavos / 100) : (centavos / 100).toFixed(2);

/** The part's state as the accountant reads it. */
function estadoDeVenta(venta: VentaParaExportar): string {
  if (venta.reembolsadoCentavos >= venta.montoCentavos) return 'Reembolsado';
  const entrega = venta.entregado ? 'Entregado' : 'Pagado';
  return venta.reembolsadoCentavos > 0 ? `${entrega}, reembolsado en parte` : entrega;
}

/** One sold part as the export's row; `Neto` is what was paid less what went back. */
export function filaDeVenta(venta: VentaParaExportar, formato: FormatoDeCsv): string[] {
  const $ = (centavos: number) => importe(centavos, formato);
  return [
    numeroDePedido(venta.pedidoId),
    fechaYHoraEnBuenosAires(venta.aprobadoEn),
    venta.comprador,
    venta.lineas,
    $(venta.montoCentavos - venta.envioCentavos),
    $(venta.envioCentavos),
    $(venta.comisionMpCentavos),
    $(venta.comisionMarketplaceCentavos),
    $(venta.reembolsadoCentavos),
    $(venta.montoCentavos - venta.reembolsadoCentavos),
    estadoDeVenta(venta),
  ];
}

/**
 * The sales as CSV, written as the rows arrive: a year of sales never sits in memory. A
 * Spanish spreadsheet reads 'es-AR' (with a byte-order mark, so accents open right).
 */
export function ventasEnCsv(ventas: AsyncIterable<VentaParaExportar>, formato: FormatoDeCsv) {
  const csv = stringify({
    header: true,
    columns: [...COLUMNAS_DE_VENTAS],
    delimiter: formato === 'es-AR' ? ';' : ',',
    bom: formato === 'es-AR',
  });
  const filas = Readable.from(
    (async function* () {
      for await (const venta of ventas) yield filaDeVenta(venta, formato);
    })(),
  );
  filas.on('error', (error) => csv.destroy(error));
  return filas.pipe(csv);
}
