/** The payments screens' texts the spec quotes (part 2, section 8), to the letter. */
export const TEXTOS_PAGOS = {
  titulo: 'Completa tus Pagos',
  errorPedido: 'No se pudo cargar la información del pedido',
  sinPedidoId: 'No se encontró el ID del pedido',
  pagoExitoso: '¡Pago exitoso!',
  pagoPendiente: 'Tu pago está pendiente de acreditación',
  errorLinkPago: 'No se pudo generar el link de pago',
  errorPagos: 'No se pudieron cargar los pagos',
  misPagos: 'Mis Pagos',
  verDetalle: 'Ver Detalle',
  pagado: 'Pagado',
  pendiente: 'Pendiente',
} as const;
