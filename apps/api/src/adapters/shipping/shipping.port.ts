import { ENVIO_MENSAJES, type Paquete } from '@compra-grupal/contracts';
import { AppError } from '../../lib/app-error';

/** A point on the map (degrees), as stores and addresses keep it. */
export interface PuntoGeo {
  latitud: number;
  longitud: number;
}

/** One way to send a package, priced in integer centavos (the wire's pesos come later). */
export interface OpcionCotizada {
  carrier: string;
  servicio: string;
  diasMinimos: number;
  diasMaximos: number;
  precioCentavos: number;
}

/**
 * Shipping quotes (DESIGN.md section 2): the embedded rate table by default
 * (tarifario-envio.ts); a carrier's or an aggregator's API can implement the same port
 * (docs/decisions/023).
 */
export interface ShippingPort {
  /**
   * The options to send `paquete` from `origen` (the store) to `destino` (the shopper's
   * address), cheapest first; an empty list when no carrier takes it. Throws
   * `envioNoDisponible()` when a provider fails.
   */
  cotizar(solicitud: {
    origen: PuntoGeo;
    destino: PuntoGeo;
    paquete: Paquete;
  }): Promise<OpcionCotizada[]>;
}

/** A shipping provider that does not answer: 'No se pudo obtener la cotización de envío'. */
export const envioNoDisponible = () =>
  new AppError(502, 'ENVIO_NO_DISPONIBLE', ENVIO_MENSAJES.sinCotizacion);
