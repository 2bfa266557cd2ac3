import { numeroDePedido } from '@compra-grupal/contracts';
import type { MotivoReembolso } from '../../db/schema';
import { formatearCentavos } from '../../lib/money';
import type { RepositoriosDelAviso } from './aviso.service';
import { avisarAcotado, type DepsDeMensajes, rutas } from './mensajes-comun';

/** Mercado Pago's usual term for a card refund to show (docs/decisions/042). */
export const REEMBOLSO_DIAS_HABILES = 10;

const MOTIVOS: Record<MotivoReembolso, (d: { producto: string | null; tienda: string }) => string> =
  {
    grupo_cancelado: (d) => `se canceló el grupo de ${d.producto ?? 'tu producto'}`,
    pedido_vencido: () => 'la reserva del pedido venció antes de que se pagaran todas las tiendas',
    sin_stock: (d) => `ya no quedaba stock de lo que le pagaste a ${d.tienda}`,
    pago_duplicado: (d) => `le pagaste dos veces a ${d.tienda}`,
    pago_no_coincide: (d) => `el pago a ${d.tienda} no coincidía con tu pedido`,
    precio_cambiado: () =>
      'el precio de un producto de tu pedido cambió mientras pagabas y su grupo ya se había completado',
    envio_en_grupo: (d) =>
      `tu Entrega en grupo de ${d.tienda} compartió la ruta con tus vecinos y el envío bajó`,
  };

/**
 * The messages about a refund (docs/decisions/042), sent by reembolsos.service: to the shopper
 * when it went through, to the seller when it keeps failing.
 */
export function createMensajesDeReembolso(deps: DepsDeMensajes) {
  const avisar = avisarAcotado(deps);

  return {
    /** A refund went through (reembolsos.service): the shopper learns how much and why. */
    async reembolsoEnviado(repos: RepositoriosDelAviso, reembolsoId: string): Promise<void> {
      const r = await repos.pedidoParaMensajes.findReembolso(reembolsoId);
      if (!r || r.montoCentavos === 0) return;
      const u = await repos.usuario.findContacto(r.usuarioId);
      if (!u) return;
      const numero = numeroDePedido(r.pedidoId);
      const monto = formatearCentavos(r.montoCentavos);
      const motivo = MOTIVOS[r.motivo]({
        producto: r.producto,
        tienda: r.tienda,
      });
      await avisar(repos, {
        clave: `reembolso-enviado:${reembolsoId}`,
        usuarioId: r.usuarioId,
        tipo: 'reembolso_enviado',
        titulo:
          r.motivo === 'envio_en_grupo'
            ? `Tu envío bajó: te devolvimos ${monto}`
            : `Reembolso enviado: ${monto}`,
        cuerpo: `Pedido ${numero}: ${motivo}. Puede tardar hasta ${REEMBOLSO_DIAS_HABILES} días hábiles en verse en tu tarjeta.`,
        enlace: rutas.misPedidos,
        correo: {
          para: u.email,
          plantilla: 'reembolso-enviado',
          datos: {
            nombre: u.nombre,
            numero,
            monto,
            motivo,
            dias: REEMBOLSO_DIAS_HABILES,
            ruta: rutas.misPedidos,
          },
        },
      });
    },

    /** A refund failed `intentos` times (reembolsos.service): its seller is told, once. */
    async reembolsoFallido(
      repos: RepositoriosDelAviso,
      { reembolsoId, intentos }: { reembolsoId: string; intentos: number },
    ): Promise<void> {
      const r = await repos.pedidoParaMensajes.findReembolso(reembolsoId);
      if (!r) return;
      const u = await repos.usuario.findContacto(r.vendedorId);
      if (!u) return;
      const numero = numeroDePedido(r.pedidoId);
      const monto = formatearCentavos(r.montoCentavos);
      await avisar(repos, {
        clave: `reembolso-fallido:${reembolsoId}`,
        usuarioId: r.vendedorId,
        tipo: 'reembolso_fallido',
        titulo: `Un reembolso de ${monto} no se pudo enviar`,
        cuerpo: `Pedido ${numero}: lo intentamos ${intentos} veces desde tu cuenta de Mercado Pago. Revisá que siga vinculada.`,
        enlace: rutas.miTienda,
        correo: {
          para: u.email,
          plantilla: 'reembolso-fallido',
          datos: { nombre: u.nombre, numero, monto, intentos, ruta: rutas.miTienda },
        },
      });
    },
  };
}
