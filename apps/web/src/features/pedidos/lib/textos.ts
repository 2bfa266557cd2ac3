/** Mis Pedidos' texts: those the spec quotes (part 2, sections 2, 4 and 8) to the letter. */
export const TEXTOS_PEDIDOS = {
  titulo: 'Mis Pedidos',
  errorPedidos: 'No se pudieron cargar los pedidos',
  productoNoEncontrado: 'Producto no encontrado',
  grupoCompletado: 'Grupo completado',
  grupoCerrado: 'Grupo cerrado',
  enviando: 'Enviando',
  enProceso: 'En proceso',
  completo: 'Completo',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
  reembolsado: 'Reembolsado',
  reembolsoEnCurso: 'Reembolso en curso',
} as const;
