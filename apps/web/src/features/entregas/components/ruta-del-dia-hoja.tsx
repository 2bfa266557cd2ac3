import type { RutaDelDia } from '@compra-grupal/contracts';
import { createPortal } from 'react-dom';
import { lineaDeLaLocalidad, lineaDeLaPuerta } from '@/entities/direccion/lib/formato-direccion';
import { formatDistancia, formatDuracion, formatFechaLarga } from '../lib/formato';
import { textoParadas } from './ruta-del-dia-resumen';

/**
 * While the sheet is in the page, printing shows only the sheet: the app's shell, the map, the
 * buttons and any dialog stay off paper.
 */
const SOLO_LA_HOJA = `@media print {
  @page { margin: 12mm; }
  body > :not([data-slot="hoja-de-ruta"]) { display: none !important; }
}`;

/**
 * The printed route sheet (the seller's): the store, the date, the summary, and the stops in
 * order with the address, the buyer, the phone, the products and a blank box for a signature or
 * the code. On screen it is hidden; it exists only on paper (`print:` variants).
 */
export function HojaDeRuta({ ruta, fecha }: { ruta: RutaDelDia; fecha: Date }) {
  const pendientes = ruta.paradas.some((parada) => !parada.entregada);
  return createPortal(
    <div
      data-slot="hoja-de-ruta"
      className="hidden bg-white text-[10.5pt] text-black leading-snug print:block"
    >
      <style>{SOLO_LA_HOJA}</style>
      <header className="flex items-end justify-between gap-6 border-black border-b-2 pb-2">
        <div>
          <p className="text-[9pt] uppercase tracking-wider">Hoja de ruta</p>
          <h1 className="font-bold text-[16pt]">{ruta.tiendaNombre}</h1>
          <p>Salida: {ruta.desdePosicion ? 'ubicación del repartidor' : ruta.origen.direccion}</p>
        </div>
        <p className="text-right first-letter:uppercase">{formatFechaLarga(fecha)}</p>
      </header>
      <p className="mt-2 mb-3">
        <strong>{textoParadas(ruta.paradas.length)}</strong>
        {pendientes && (
          <>
            {' · '}Distancia: <strong>{formatDistancia(ruta.distanciaMetros)}</strong>
            {' · '}Tiempo estimado: <strong>{formatDuracion(ruta.duracionSegundos)}</strong>
          </>
        )}
      </p>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-black border-b text-left text-[9pt] uppercase">
            <th className="w-8 py-1 pr-2">N°</th>
            <th className="py-1 pr-2">Dirección</th>
            <th className="py-1 pr-2">Comprador</th>
            <th className="py-1 pr-2">Productos</th>
            <th className="w-40 py-1">Firma / código</th>
          </tr>
        </thead>
        <tbody>
          {ruta.paradas.map((parada) => (
            <tr
              key={parada.pedidoId}
              className="break-inside-avoid border-black/40 border-b align-top"
            >
              <td className="py-2 pr-2 font-bold text-[12pt]">{parada.orden}</td>
              <td className="py-2 pr-2">
                <p className="font-semibold">{lineaDeLaPuerta(parada.direccion)}</p>
                <p>{lineaDeLaLocalidad(parada.direccion)}</p>
                <p className="text-[9pt]">Pedido {parada.numero}</p>
              </td>
              <td className="py-2 pr-2">
                <p>{parada.comprador}</p>
                <p>{parada.telefono}</p>
              </td>
              <td className="py-2 pr-2">
                <ul>
                  {parada.productos.map((producto, indice) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the lines carry no id of their own.
                    <li key={indice}>
                      {producto.nombre} × {producto.cantidad}
                    </li>
                  ))}
                </ul>
              </td>
              <td className="py-2">
                {parada.entregada ? (
                  <p className="font-semibold">✓ Entregado</p>
                ) : (
                  <div data-slot="firma" className="h-16 rounded border border-black" />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
