import type { CrearPreferenciaRequest } from '@compra-grupal/contracts';
import { type LoggedIn, registerAndLogin } from './auth-helpers';
import type { TestApp } from './test-app';

export interface CompradorDePrueba extends LoggedIn {
  direccionId: string;
}

/** A package the embedded rate table quotes. */
export const PAQUETE_DE_PRUEBA = { peso: 1.5, largo: 30, ancho: 20, alto: 15 };

/** A fresh shopper with one saved address in Palermo, near the test stores. */
export async function compradorConDireccion(t: TestApp): Promise<CompradorDePrueba> {
  const comprador = await registerAndLogin(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/direccion/${comprador.userId}`,
    headers: comprador.auth,
    payload: {
      direccion: 'Av. Coronel Díaz 2200',
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

/** The first shipping option the server quotes from a store to the test address. */
export async function envioDePrueba(t: TestApp, tiendaId: string) {
  const [opcion] = await t.app.services.envio.cotizarParaPedido({
    tiendaId,
    direccion: { latitud: -34.5875, longitud: -58.4105 },
    paquete: PAQUETE_DE_PRUEBA,
  });
  if (!opcion) throw new Error('el tarifario no cotizó nada');
  return opcion;
}

/** A checkout body for the shopper: the lines, and the first option of each store. */
export async function pedidoDePrueba(
  t: TestApp,
  comprador: CompradorDePrueba,
  lineas: { productoId: string; cantidadSolicitada: number; grupoId?: string }[],
  tiendaIds: string[],
): Promise<CrearPreferenciaRequest> {
  const envios = await Promise.all(
    [...new Set(tiendaIds)].map(async (tiendaId) => {
      const { carrier, servicio } = await envioDePrueba(t, tiendaId);
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
