import type { CotizarPrevioRequest, Paquete } from '@compra-grupal/contracts';

/** Query keys of the checkout feature; invalidation reuses them. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  direcciones: (usuarioId: string) => ['direccion', usuarioId] as const,
  telefono: (usuarioId: string) => ['usuario', usuarioId, 'telefono'] as const,
  cotizaciones: () => ['envio', 'cotizar-previo'] as const,
  cotizacion: (
    tiendaId: string,
    direccionId: string,
    telefono: string,
    paquete: Paquete,
    items: CotizarPrevioRequest['items'],
  ) => ['envio', 'cotizar-previo', tiendaId, direccionId, telefono, paquete, items ?? []] as const,
};
