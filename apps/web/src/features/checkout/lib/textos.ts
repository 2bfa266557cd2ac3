import { ENTREGA_EN_GRUPO, ENVIO_MENSAJES } from '@compra-grupal/contracts';
import { formatPrecio } from '@/lib/format-currency';

/** The checkout's texts (spec part 1, sections 2, 5 and 8), to the letter where the spec quotes them. */
export const CHECKOUT_TEXTOS = {
  titulo: 'Finalizar compra',
  terminosRequeridos: 'Términos requeridos',
  aceptaTerminos: 'Debes aceptar los términos para continuar',
  direccionRequerida: 'Dirección requerida',
  seleccionaDireccion: 'Debes seleccionar una dirección de envío',
  ubicacionRequerida: 'Ubicación requerida',
  seleccionaUbicacion: 'Debes seleccionar una ubicación en el mapa',
  direccionAgregada: 'Dirección agregada',
  direccionNoAgregada: 'No se pudo agregar la dirección',
  telefonoRequerido: 'Teléfono requerido',
  confirmaTelefono: 'Debes confirmar tu teléfono de contacto',
  telefonoActualizado: 'Teléfono actualizado',
  telefonoNoActualizado: 'No se pudo actualizar el teléfono',
  informacionIncompleta: 'Información incompleta',
  completaPaquete: ENVIO_MENSAJES.paqueteIncompleto,
  metodoRequerido: 'Método de envío requerido',
  seleccionaMetodo: 'Debes seleccionar un método de envío',
  sinOpciones: ENVIO_MENSAJES.sinOpciones,
  sinCotizacion: ENVIO_MENSAJES.sinCotizacion,
  sinTienda: ENVIO_MENSAJES.sinTienda,
  pagoNoProcesado: 'No se pudo procesar el pago. Inténtalo nuevamente.',
  sinPedidoId: 'No se recibió el ID del pedido',
  intentaNuevamente: 'Inténtalo nuevamente.',
} as const;

/** The six steps' chips (spec part 1, section 2). */
export const PASOS_CHECKOUT = [
  'Términos',
  'Dirección',
  'Teléfono',
  'Paquete',
  'Envío',
  'Resumen',
] as const;

export const TOTAL_PASOS = PASOS_CHECKOUT.length;

/** What the stores without a linked payment account read (409 TIENDAS_SIN_MP). */
export function textoTiendasSinMp(nombres: readonly string[]): string {
  if (nombres.length === 0) {
    return 'Algunas tiendas de tu carrito todavía no pueden recibir pagos. Quita sus productos para continuar.';
  }
  if (nombres.length === 1) {
    return `La tienda ${nombres[0]} todavía no puede recibir pagos (no configuró Mercado Pago). Quita sus productos para continuar.`;
  }
  return `Las tiendas ${nombres.slice(0, -1).join(', ')} y ${nombres.at(-1)} todavía no pueden recibir pagos (no configuraron Mercado Pago). Quita sus productos para continuar.`;
}

/**
 * 'Entrega en grupo' at checkout (issue 36, not in the spec): the option's badge and line,
 * and its label in the summary. `hoy` is what the member pays now, the most their share can be;
 * `hasta` the least it can fall to as neighbours join (the difference is refunded).
 */
export const ENTREGA_EN_GRUPO_TEXTOS = {
  insignia: 'Envío compartido',
  enResumen: `${ENTREGA_EN_GRUPO.carrier} (hoy)`,
  envioHoy: 'Envío (hoy)',
  linea: (hoy: number, hasta: number) =>
    `Hoy ${formatPrecio(hoy)}; baja a medida que se suman vecinos, hasta ${formatPrecio(hasta)}`,
  notaDelResumen: (hasta: number) =>
    `Puede bajar hasta ${formatPrecio(hasta)}: te devolvemos la diferencia cuando se complete el grupo.`,
} as const;
