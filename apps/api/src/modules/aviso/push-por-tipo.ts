import type { TipoDeAviso } from '@compra-grupal/contracts';
import type { OpcionesDePush } from '../push/push.service';

const HORA = 60 * 60;

/**
 * How each kind goes to a device (docs/decisions/055): its urgency (RFC 8030: a phone saving
 * battery wakes for `high` only) and how long the push service keeps it for a device that is
 * offline; past that it is not worth telling (a reservation that already ended, a group that
 * already filled). A retry sends what is left of it.
 */
export const PUSH_POR_TIPO: Record<TipoDeAviso, Omit<OpcionesDePush, 'tema'>> = {
  pedido_creado: { urgencia: 'normal', ttlSegundos: HORA },
  pago_aprobado: { urgencia: 'normal', ttlSegundos: 24 * HORA },
  grupo_casi_completo: { urgencia: 'normal', ttlSegundos: 6 * HORA },
  grupo_completo: { urgencia: 'high', ttlSegundos: 3 * 24 * HORA },
  grupo_por_vencer_comprador: { urgencia: 'normal', ttlSegundos: 12 * HORA },
  reembolso_enviado: { urgencia: 'normal', ttlSegundos: 3 * 24 * HORA },
  pedido_entregado: { urgencia: 'low', ttlSegundos: 24 * HORA },
  // The warning comes AVISO_RESERVA_MINUTOS (10) before the reservation ends.
  reserva_por_vencer: { urgencia: 'high', ttlSegundos: 10 * 60 },
  tienda_aprobada: { urgencia: 'normal', ttlSegundos: 3 * 24 * HORA },
  tienda_rechazada: { urgencia: 'normal', ttlSegundos: 3 * 24 * HORA },
  grupo_completo_vendedor: { urgencia: 'high', ttlSegundos: 3 * 24 * HORA },
  grupo_por_vencer: { urgencia: 'normal', ttlSegundos: 12 * HORA },
  reembolso_fallido: { urgencia: 'normal', ttlSegundos: 3 * 24 * HORA },
  mercadopago_desvinculado: { urgencia: 'normal', ttlSegundos: 3 * 24 * HORA },
};
