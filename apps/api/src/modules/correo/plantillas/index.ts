import { contraseniaCambiada } from './contrasenia-cambiada';
import { cuentaExistente } from './cuenta-existente';
import type { PlantillaDeCorreo } from './plantilla';
import { recuperarContrasenia } from './recuperar-contrasenia';
import {
  grupoCasiCompleto,
  grupoCompleto,
  grupoCompletoVendedor,
  grupoPorVencer,
  grupoPorVencerComprador,
  mercadoPagoDesvinculado,
  pagoAprobado,
  pedidoCreado,
  pedidoEntregado,
  reembolsoEnviado,
  reembolsoFallido,
  reservaPorVencer,
  tiendaAprobada,
  tiendaRechazada,
} from './transaccionales';
import { verificarEmail } from './verificar-email';

/**
 * Every email the app sends, by name (the `plantilla` column). A new email adds its template
 * file beside this one and one line here.
 */
export const plantillas = {
  'verificar-email': verificarEmail,
  // Accounts (docs/decisions/040).
  'recuperar-contrasenia': recuperarContrasenia,
  'contrasenia-cambiada': contraseniaCambiada,
  'cuenta-existente': cuentaExistente,
  // Transactional messages (docs/decisions/042).
  'pedido-creado': pedidoCreado,
  'pago-aprobado': pagoAprobado,
  'grupo-completo': grupoCompleto,
  'grupo-casi-completo': grupoCasiCompleto,
  'grupo-por-vencer-comprador': grupoPorVencerComprador,
  'reembolso-enviado': reembolsoEnviado,
  'pedido-entregado': pedidoEntregado,
  'reserva-por-vencer': reservaPorVencer,
  'tienda-aprobada': tiendaAprobada,
  'tienda-rechazada': tiendaRechazada,
  'grupo-completo-vendedor': grupoCompletoVendedor,
  'grupo-por-vencer': grupoPorVencer,
  'reembolso-fallido': reembolsoFallido,
  'mercadopago-desvinculado': mercadoPagoDesvinculado,
} satisfies Record<string, PlantillaDeCorreo>;

export type NombreDePlantilla = keyof typeof plantillas;
