import { randomUUID } from 'node:crypto';
import type { CrearPreferenciaRequest, Paquete } from '@compra-grupal/contracts';
import { inArray } from 'drizzle-orm';
import { firmarNotificacion } from '../adapters/payments/webhook-signature';
import { productos } from '../db/schema';
import { paqueteDeFila } from '../modules/producto/paquete-del-producto';
import { type LoggedIn, registerAndLogin } from './auth-helpers';
import type { TestApp } from './test-app';

export interface CompradorDePrueba extends LoggedIn {
  direccionId: string;
}

/** A package the embedded rate table quotes. */
export const PAQUETE_DE_PRUEBA = { peso: 1.5, largo: 30, ancho: 20, alto: 15 };

/** A fresh shopper with one saved address in Palermo, near the test stores. */
export async function compradorConDireccion(t: TestApp): Promise<CompradorDePrueba> {
  return conDireccion(t, await registerAndLogin(t.app));
}

/** The same address saved for a user who already exists (a seller buying, say). */
export async function conDireccion<U extends LoggedIn>(
  t: TestApp,
  comprador: U,
): Promise<U & { direccionId: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/direccion/${comprador.userId}`,
    headers: comprador.auth,
    payload: {
      calle: 'Av. Coronel Díaz',
      altura: '2200',
      latitud: -34.5875,
      longitud: -58.4105,
      codigoPostal: 'C1425',
      provincia: 'Ciudad Autónoma de Buenos Aires',
      ciudad: 'Palermo',
      departamento: '3 B',
      descripcion: 'Timbre que no anda',
    },
  });
  if (res.statusCode !== 201) throw new Error(`direccion falló: ${res.body}`);
  return { ...comprador, direccionId: res.json().direccion._id as string };
}

/**
 * The first shipping option the server quotes from a store to the test address, for these
 * units (one of the test package unless told).
 */
export async function envioDePrueba(
  t: TestApp,
  tiendaId: string,
  lineas: { paquete: Paquete; cantidad: number }[] = [{ paquete: PAQUETE_DE_PRUEBA, cantidad: 1 }],
) {
  const [opcion] = await t.app.services.envio.cotizarParaPedido({
    tiendaId,
    direccion: { latitud: -34.5875, longitud: -58.4105 },
    lineas,
  });
  if (!opcion) throw new Error('el tarifario no cotizó nada');
  return opcion;
}

/** A checkout body for the shopper: the lines, and the cheapest option of each store. */
export async function pedidoDePrueba(
  t: TestApp,
  comprador: CompradorDePrueba,
  lineas: { productoId: string; cantidadSolicitada: number; grupoId?: string }[],
  tiendaIds: string[],
): Promise<CrearPreferenciaRequest> {
  // Each store's cheapest option for its lines as their products ship (decision 051).
  const filas = await t.database.db
    .select()
    .from(productos)
    .where(
      inArray(
        productos.id,
        lineas.map((l) => l.productoId),
      ),
    );
  const envios = await Promise.all(
    [...new Set(tiendaIds)].map(async (tiendaId) => {
      const deTienda = lineas.flatMap((l) => {
        const fila = filas.find((f) => f.id === l.productoId && f.tiendaId === tiendaId);
        return fila ? [{ paquete: paqueteDeFila(fila), cantidad: l.cantidadSolicitada }] : [];
      });
      const { carrier, servicio } = await envioDePrueba(
        t,
        tiendaId,
        deTienda.length > 0 ? deTienda : undefined,
      );
      return { tiendaId, carrier, servicio };
    }),
  );
  return {
    productos: lineas,
    usuarioId: comprador.userId,
    direccionId: comprador.direccionId,
    telefono: '+54 11 4444-5555',
    paquete: PAQUETE_DE_PRUEBA,
    envios,
  };
}

export const crearPreferencia = (t: TestApp, who: LoggedIn | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pago/crearPreferencia',
    headers: who ? who.auth : {},
    payload,
  });

/**
 * Pays one seller's part on the sandbox checkout page (approve) and delivers the provider's
 * signed notification to the webhook, as Mercado Pago would. Answers the provider payment id.
 */
export async function pagarEnSandbox(
  t: TestApp,
  who: LoggedIn,
  pedidoId: string,
  tiendaId: string,
  {
    secreto,
    ahora,
    accion = 'aprobar',
  }: {
    secreto: string;
    ahora: () => Date;
    /** 'aprobar_reembolsos_fallan': the sandbox refuses this payment's first refund tries. */
    accion?: 'aprobar' | 'aprobar_reembolsos_fallan';
  },
): Promise<string> {
  const link = await t.app.inject({
    url: `/api/pedido/linkPago/${pedidoId}/${tiendaId}`,
    headers: who.auth,
  });
  if (link.statusCode !== 200) throw new Error(`linkPago falló: ${link.body}`);
  const prefId = new URL(link.json().init_point).searchParams.get('pref_id') as string;
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/mercadopago/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pref_id: prefId, accion }).toString(),
  });
  if (checkout.statusCode !== 302) throw new Error(`checkout falló: ${checkout.body}`);
  const dataId = new URL(checkout.headers.location as string).searchParams.get(
    'payment_id',
  ) as string;
  const requestId = randomUUID();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/pago/webhook?data.id=${dataId}&type=payment`,
    headers: {
      'x-request-id': requestId,
      'x-signature': firmarNotificacion(secreto, { dataId, requestId, ahora: ahora() }),
    },
    payload: { type: 'payment', data: { id: dataId } },
  });
  if (res.statusCode >= 300) throw new Error(`webhook falló: ${res.statusCode} ${res.body}`);
  return dataId;
}
