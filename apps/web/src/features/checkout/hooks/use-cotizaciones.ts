import type { OpcionEnvio, Paquete } from '@compra-grupal/contracts';
import { useQueries } from '@tanstack/react-query';
import { useUsuario } from '@/entities/usuario/api/get-usuario';
import { cotizacionQueryOptions } from '../api/cotizar-envio';
import { type CotizacionDeTienda, claveDeOpcion } from '../components/paso-envio';
import type { TiendaDelPedido } from '../components/tipos';
import { motivoSinUbicacion } from '../lib/sin-ubicacion';

/**
 * Step 5's quotes, one per store with its cart lines (`items`): asked once the step is reached
 * with the address, the confirmed phone and the package (and kept after), and the option
 * chosen for each store while it is still offered.
 */
export function useCotizaciones({
  usuarioId,
  tiendas,
  pedir,
  direccionId,
  telefono,
  paquete,
  elegidas,
}: {
  usuarioId: string;
  tiendas: readonly TiendaDelPedido[];
  /** The shipping step was reached. */
  pedir: boolean;
  direccionId: string | null;
  /** The confirmed phone. */
  telefono: string | null;
  /** The package, once it is valid. */
  paquete: Paquete | null;
  /** The chosen option's key of each store. */
  elegidas: ReadonlyMap<string, string>;
}) {
  const cliente = useUsuario(usuarioId);
  const puedeCotizar =
    pedir && direccionId !== null && telefono !== null && paquete !== null && cliente.isSuccess;
  const consultas = useQueries({
    queries: tiendas.map((tienda) => ({
      ...cotizacionQueryOptions({
        tiendaId: tienda.tiendaId,
        direccionDestinoId: direccionId ?? '',
        clienteInfo: {
          nombre: cliente.data?.nombre ?? '',
          telefono: telefono ?? '',
          email: cliente.data?.email ?? '',
        },
        paquete: paquete ?? { peso: 0, largo: 0, ancho: 0, alto: 0 },
        // The store's cart lines: the server prices them from their products' packages.
        items: tienda.lineas.map(({ productoId, cantidadSolicitada }) => ({
          productoId,
          cantidadSolicitada,
        })),
      }),
      enabled: puedeCotizar,
    })),
  });
  const cotizaciones = new Map<string, CotizacionDeTienda>();
  tiendas.forEach((tienda, index) => {
    const consulta = consultas[index];
    const motivo = motivoSinUbicacion(consulta?.error);
    cotizaciones.set(tienda.tiendaId, {
      estado: motivo
        ? 'sin-ubicacion'
        : cliente.isError || consulta?.isError
          ? 'error'
          : consulta?.isSuccess
            ? 'lista'
            : 'cargando',
      motivo: motivo ?? undefined,
      opciones: consulta?.data ?? [],
      reintentar: () => {
        if (cliente.isError) void cliente.refetch();
        else void consulta?.refetch();
      },
    });
  });

  // The chosen option of each store, while it is still offered.
  const envios = new Map<string, OpcionEnvio>();
  for (const tienda of tiendas) {
    const clave = elegidas.get(tienda.tiendaId);
    const opcion = cotizaciones
      .get(tienda.tiendaId)
      ?.opciones.find((candidata) => claveDeOpcion(candidata) === clave);
    if (opcion) envios.set(tienda.tiendaId, opcion);
  }
  return { cotizaciones, envios };
}
