import { ERROR_MESSAGES } from '@compra-grupal/contracts';

/** The delivery texts of the spec (part 2, sections 2, 5 and 8), used to the letter. */
export const TEXTOS_ENTREGA = {
  errorCarga: 'No se pudieron cargar los pedidos para entregar',
  sinPedidos: 'No hay pedidos pendientes',
  productoNoEncontrado: 'Producto no encontrado',
  marcarComoEntregado: 'Marcar como entregado',
  confirmarEntrega: 'Confirmar entrega',
  noSePuedeDeshacer: 'Esta acción no se puede deshacer',
  marcado: 'Pedido marcado como entregado correctamente',
  noSePudoMarcar: 'No se pudo marcar el pedido como entregado',
  noLista: ERROR_MESSAGES.ENTREGA_NO_LISTA,
  codigoIncorrecto: 'Código incorrecto o error en la verificación',
  entregaConfirmada: '¡Entrega confirmada!',
  revisaConexion: 'Revisa tu conexión e inténtalo de nuevo.',
} as const;

/** The day's route (issue 36), in the same voice. */
export const TEXTOS_RUTA = {
  sinEntregas: 'No hay entregas para hoy',
  errorCarga: 'No se pudo cargar la ruta',
  replanificar: 'Replanificar desde mi ubicación',
  imprimir: 'Imprimir hoja de ruta',
  sinUbicacion: 'No pudimos obtener tu ubicación',
  noSePudoReplanificar: 'No pudimos replanificar la ruta',
} as const;
