import {
  numeroDePedido,
  type ParadaDeRuta,
  type RutaDelDia,
  type RutasDelDiaResponse,
} from '@compra-grupal/contracts';
import type { PlanificadorDeRutas } from '../../adapters/rutas/rutas.port';
import { hasRole, requireActor, requireSelf } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { inicioDelDiaEnBuenosAires } from '../../lib/dia-en-buenos-aires';
import { estadoDeParte, lineaSigue } from '../pedido/ciclo-de-vida';
import { type DepsDeEntrega, direccionDe } from './entrega-comun';

type Fila = Awaited<ReturnType<DepsDeEntrega['repository']['findParadas']>>[number];

/**
 * The day as routes (issue 36; docs/decisions/057): per store, the parts ready for delivery
 * planned from the store (or from where the courier stands), and those delivered today first,
 * checked off. Couriers and admins see every store; a seller only their own.
 */
export function createRutasDelDia({
  repository,
  lineasDePedidos,
  cicloDeVida,
  clock,
  rutas,
}: Pick<DepsDeEntrega, 'repository' | 'lineasDePedidos' | 'cicloDeVida' | 'clock'> & {
  rutas: PlanificadorDeRutas;
}) {
  /** One store's route: delivered stops in delivery order, then the planned ones. */
  async function rutaDeTienda(
    filas: Fila[],
    productosDe: (f: Fila) => ParadaDeRuta['productos'],
    posicion: { latitud: number; longitud: number } | undefined,
  ): Promise<RutaDelDia> {
    const [primera] = filas;
    if (!primera) throw new Error('una ruta sin paradas');
    const tienda = { latitud: primera.tiendaLatitud, longitud: primera.tiendaLongitud };
    const entregadas = filas
      .filter((f) => f.entregadoEn !== null)
      .sort((a, b) => (a.entregadoEn?.getTime() ?? 0) - (b.entregadoEn?.getTime() ?? 0));
    const pendientes = filas.filter((f) => f.entregadoEn === null);
    const conPunto = pendientes.filter((f) => f.latitud !== null && f.longitud !== null);
    const origen = posicion ?? tienda;
    const ruta = await rutas.planificar({
      origen,
      paradas: conPunto.map((f) => ({
        id: f.pedidoId,
        latitud: f.latitud ?? 0,
        longitud: f.longitud ?? 0,
      })),
    });
    const tramo = new Map(ruta.tramos.map((t) => [t.paradaId, t.distanciaMetros]));
    const planificadas = ruta.orden.flatMap((id) => conPunto.filter((f) => f.pedidoId === id));
    const sinPunto = pendientes.filter((f) => f.latitud === null || f.longitud === null);
    const paradas = [...entregadas, ...planificadas, ...sinPunto].map(
      (f, i): ParadaDeRuta => ({
        orden: i + 1,
        pedidoId: f.pedidoId,
        numero: numeroDePedido(f.pedidoId),
        tiendaId: f.tiendaId,
        comprador: f.comprador,
        telefono: f.telefono,
        direccion: direccionDe(f),
        latitud: f.latitud,
        longitud: f.longitud,
        productos: productosDe(f),
        entregada: f.entregadoEn !== null,
        entregadaEn: f.entregadoEn?.toISOString() ?? null,
        distanciaDesdeAnteriorMetros:
          f.entregadoEn === null ? (tramo.get(f.pedidoId) ?? null) : null,
      }),
    );
    return {
      tiendaId: primera.tiendaId,
      tiendaNombre: primera.tiendaNombre,
      origen: posicion
        ? { ...posicion, direccion: 'Tu ubicación' }
        : { ...tienda, direccion: primera.tiendaDireccion },
      desdePosicion: posicion !== undefined,
      distanciaMetros: ruta.distanciaMetros,
      duracionSegundos: ruta.duracionSegundos,
      paradas,
    };
  }

  return {
    /**
     * GET entrega/rutas: couriers and admins, every store with stops today (or `tiendaId`'s);
     * a seller, `tiendaId` of their own store (anyone else's is 403; without it, nothing).
     * With both `latitud` and `longitud` the pending stops are planned from there; one alone
     * is not a point, and the route starts at the store.
     */
    async rutasDelDia(
      actor: Actor | null,
      consulta: { tiendaId?: string | undefined; latitud?: number; longitud?: number },
    ): Promise<RutasDelDiaResponse> {
      const caller = requireActor(actor);
      const { tiendaId } = consulta;
      if (!hasRole(caller, 'repartidor', 'admin')) {
        if (!tiendaId) return { rutas: [] };
        const tienda = await repository.findTienda(tiendaId);
        if (!tienda) throw notFound('TIENDA_NO_ENCONTRADA');
        requireSelf(caller, tienda.usuarioId);
      }
      const posicion =
        consulta.latitud !== undefined && consulta.longitud !== undefined
          ? { latitud: consulta.latitud, longitud: consulta.longitud }
          : undefined;

      const ahora = clock.now();
      const filas = await repository.findParadas({
        tiendaId,
        desde: inicioDelDiaEnBuenosAires(ahora),
      });
      const ciclo = await cicloDeVida.findPartes(
        filas.map((f) => f.pedidoId),
        ahora,
      );
      const parteDe = (f: Fila) =>
        ciclo.find((c) => c.pedidoId === f.pedidoId && c.tiendaId === f.tiendaId);
      // Delivered today, or ready: a part still waiting for its groups is not a stop yet.
      const paradas = filas.filter((f) => {
        const parte = parteDe(f);
        return parte !== undefined && (f.entregadoEn !== null || estadoDeParte(parte) === 'lista');
      });
      const lineas = await lineasDePedidos([...new Set(paradas.map((f) => f.pedidoId))]);
      const productosDe = (f: Fila) => {
        const parte = parteDe(f);
        return lineas
          .filter((l) => l.pedidoId === f.pedidoId && l.tiendaId === f.tiendaId)
          .filter((l) => parte !== undefined && lineaSigue(parte, l.productoId))
          .map((l) => ({ nombre: l.nombre ?? 'Producto no encontrado', cantidad: l.cantidad }));
      };
      const porTienda = new Map<string, Fila[]>();
      for (const f of paradas) {
        const deTienda = porTienda.get(f.tiendaId);
        if (deTienda) deTienda.push(f);
        else porTienda.set(f.tiendaId, [f]);
      }
      const resultado: RutaDelDia[] = [];
      for (const filasDeTienda of porTienda.values()) {
        resultado.push(await rutaDeTienda(filasDeTienda, productosDe, posicion));
      }
      return { rutas: resultado };
    },
  };
}
