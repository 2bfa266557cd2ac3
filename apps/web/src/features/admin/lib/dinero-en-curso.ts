import type { ResultadoDeReintento } from '@compra-grupal/contracts';

const MOTIVOS: Record<string, string> = {
  grupo_cancelado: 'Grupo cancelado',
  pago_duplicado: 'Pago duplicado',
  sin_stock: 'Sin stock',
  pago_no_coincide: 'Pago que no coincide',
  pedido_vencido: 'Pedido vencido',
  precio_cambiado: 'Precio cambiado',
  envio_en_grupo: 'Envío en grupo',
};

/**
 * Why a refund exists, in words. The contract leaves `motivo` open, so a reason added later
 * still reads as words ('nuevo_motivo' → 'Nuevo motivo') until it gets its own.
 */
export function textoDelMotivo(motivo: string): string {
  const conocido = MOTIVOS[motivo];
  if (conocido) return conocido;
  const palabras = motivo.replaceAll('_', ' ').trim();
  return palabras.charAt(0).toUpperCase() + palabras.slice(1);
}

export const SITUACIONES_DE_PAGO = {
  en_acreditacion: 'En acreditación',
  sin_noticias: 'Sin noticias del proveedor',
} as const;

/** How a team retry ended, as the history says it: 'resultado: fallido'. */
export const TEXTOS_DE_REINTENTO: Record<ResultadoDeReintento, string> = {
  reembolsado: 'reembolsado',
  fallido: 'fallido',
  ya_reembolsado: 'ya estaba reembolsado',
  en_curso: 'en curso en otro proceso',
};
