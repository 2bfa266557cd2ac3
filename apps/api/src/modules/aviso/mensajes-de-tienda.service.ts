import type { RepositoriosDelAviso } from './aviso.service';
import { avisarAcotado, type DepsDeMensajes, rutas } from './mensajes-comun';

/**
 * The seller's messages about their store (docs/decisions/042): enabled or refused by the
 * product team (admin.service), and its Mercado Pago link gone (mercadopago-vinculacion).
 */
export function createMensajesDeTienda(deps: DepsDeMensajes) {
  const avisar = avisarAcotado(deps);

  return {
    /** The product team enabled the store (admin.service). */
    async tiendaAprobada(
      repos: RepositoriosDelAviso,
      { tiendaId, ahora }: { tiendaId: string; ahora: Date },
    ): Promise<void> {
      const t = await repos.tienda.findConDuenio(tiendaId);
      if (!t) return;
      await avisar(repos, {
        clave: `tienda-aprobada:${tiendaId}:${ahora.getTime()}`,
        usuarioId: t.usuarioId,
        tipo: 'tienda_aprobada',
        titulo: `Tu tienda ${t.tienda} fue habilitada`,
        cuerpo: 'Ya aparece en el mercado y podés publicar productos.',
        enlace: rutas.miTienda,
        correo: {
          para: t.email,
          plantilla: 'tienda-aprobada',
          datos: { nombre: t.nombre, tienda: t.tienda, ruta: rutas.miTienda },
        },
      });
    },

    /**
     * The product team refused (or disabled) the store, with its reason (admin.service).
     * `evento` names the refusal: one message per refusal, not per repeated request.
     */
    async tiendaRechazada(
      repos: RepositoriosDelAviso,
      { tiendaId, motivo, evento }: { tiendaId: string; motivo: string | null; evento: string },
    ): Promise<void> {
      const t = await repos.tienda.findConDuenio(tiendaId);
      if (!t) return;
      await avisar(repos, {
        clave: `tienda-rechazada:${tiendaId}:${evento}`,
        usuarioId: t.usuarioId,
        tipo: 'tienda_rechazada',
        titulo: `Tu tienda ${t.tienda} no fue habilitada`,
        cuerpo: motivo ? `Motivo: ${motivo}` : 'El equipo revisó tu tienda y no la habilitó.',
        enlace: rutas.miTienda,
        correo: {
          para: t.email,
          plantilla: 'tienda-rechazada',
          datos: { nombre: t.nombre, tienda: t.tienda, motivo, ruta: rutas.miTienda },
        },
      });
    },

    /**
     * Mercado Pago refused the store's refresh token for good (mercadopago-vinculacion): the
     * link is gone. `evento` names the link that broke (when it was made).
     */
    async mercadoPagoDesvinculado(
      repos: RepositoriosDelAviso,
      { tiendaId, evento }: { tiendaId: string; evento: string },
    ): Promise<void> {
      const t = await repos.tienda.findConDuenio(tiendaId);
      if (!t) return;
      await avisar(repos, {
        clave: `mercadopago-desvinculado:${tiendaId}:${evento}`,
        usuarioId: t.usuarioId,
        tipo: 'mercadopago_desvinculado',
        titulo: 'Mercado Pago desvinculado',
        cuerpo: `La vinculación de ${t.tienda} con Mercado Pago venció o se revocó: volvé a vincularla para cobrar.`,
        enlace: rutas.miTienda,
        correo: {
          para: t.email,
          plantilla: 'mercadopago-desvinculado',
          datos: { nombre: t.nombre, tienda: t.tienda, ruta: rutas.miTienda },
        },
      });
    },
  };
}
