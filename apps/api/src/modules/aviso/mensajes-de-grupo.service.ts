import { numeroDePedido } from '@compra-grupal/contracts';
import { formatearFecha } from '../../lib/texto-es';
import { sinAvisoConClave } from './aviso.repository';
import type { RepositoriosDelAviso } from './aviso.service';
import { avisarAcotado, type DepsDeMensajes, LOTE, rutas } from './mensajes-comun';

/** The places left that tell a group's shoppers it is nearly complete (docs/decisions/055). */
export const LUGARES_CASI_COMPLETO = [1, 2] as const;

const faltanLugares = (faltan: number) =>
  faltan === 1 ? 'falta 1 lugar' : `faltan ${faltan} lugares`;

/**
 * The messages about a purchase group (docs/decisions/042): complete (each shopper's delivery
 * codes, the seller's units to prepare), nearly complete (to its shoppers, docs/decisions/055)
 * and its deadline coming with places still empty (to its seller and its shoppers).
 */
export function createMensajesDeGrupo(deps: DepsDeMensajes) {
  const avisar = avisarAcotado(deps);

  /** A group about to end with places empty: each of its shoppers is told once. */
  async function miembrosDeGrupoPorVencer(
    repos: RepositoriosDelAviso,
    g: { id: string; fechaLimite: Date; faltan: number; producto: string },
  ): Promise<void> {
    const participantes = await repos.grupoParaMensajes.findParticipantes(g.id);
    const personas = new Map<string, { nombre: string; email: string }>();
    for (const p of participantes) {
      if (p.nombre !== null && p.email !== null) {
        personas.set(p.usuarioId, { nombre: p.nombre, email: p.email });
      }
    }
    const vence = formatearFecha(g.fechaLimite);
    const ruta = rutas.grupo(g.id);
    await Promise.all(
      [...personas].map(([usuarioId, u]) =>
        avisar(repos, {
          clave: `grupo-por-vencer-comprador:${g.id}:${usuarioId}`,
          usuarioId,
          tipo: 'grupo_por_vencer_comprador',
          titulo: `Tu grupo de ${g.producto} vence pronto`,
          cuerpo: `Vence el ${vence} y ${faltanLugares(g.faltan)}. Si no se completa, se cancela y te devolvemos lo que pagaste.`,
          enlace: ruta,
          correo: {
            para: u.email,
            plantilla: 'grupo-por-vencer-comprador',
            datos: { nombre: u.nombre, producto: g.producto, vence, faltan: g.faltan, ruta },
          },
        }),
      ),
    );
  }

  return {
    /**
     * A group just filled or its seller closed it (`cerrado`): each shopper in it gets the
     * delivery code of their orders, and the seller what to prepare.
     */
    async grupoCompleto(repos: RepositoriosDelAviso, grupoId: string): Promise<void> {
      // The group with its seller, and its participants with their names: two reads that go
      // out at once (one round trip on a pipelined connection, db/client.ts).
      const [grupo, participantes] = await Promise.all([
        repos.grupoParaMensajes.findGrupo(grupoId),
        repos.grupoParaMensajes.findParticipantes(grupoId),
      ]);
      if (!grupo) return;
      if (participantes.length === 0) return;

      const porUsuario = new Map<string, { pedidoId: string; codigo: string }[]>();
      const personas = new Map<string, { nombre: string; email: string }>();
      for (const p of participantes) {
        const lista = porUsuario.get(p.usuarioId) ?? [];
        if (!lista.some((x) => x.pedidoId === p.pedidoId)) lista.push(p);
        porUsuario.set(p.usuarioId, lista);
        if (p.nombre !== null && p.email !== null) {
          personas.set(p.usuarioId, { nombre: p.nombre, email: p.email });
        }
      }
      // Every notice of the group goes out at once: one round trip on a pipelined connection
      // (db/client.ts), whatever the number of shoppers.
      const avisos: Promise<void>[] = [];
      for (const [usuarioId, susPedidos] of porUsuario) {
        const u = personas.get(usuarioId);
        if (!u) continue;
        const conCodigo = susPedidos.map((p) => ({
          numero: numeroDePedido(p.pedidoId),
          codigo: p.codigo,
        }));
        avisos.push(
          avisar(repos, {
            clave: `grupo-completo:${grupoId}:${usuarioId}`,
            usuarioId,
            tipo: 'grupo_completo',
            titulo: `Grupo completo: ${grupo.producto}`,
            cuerpo: `Tu código de entrega: ${conCodigo
              .map((p) => `${p.codigo} (pedido ${p.numero})`)
              .join(', ')}.`,
            enlace: rutas.misPedidos,
            correo: {
              para: u.email,
              plantilla: 'grupo-completo',
              datos: {
                nombre: u.nombre,
                producto: grupo.producto,
                pedidos: conCodigo,
                ruta: rutas.misPedidos,
              },
            },
          }),
        );
      }

      if (grupo.vendedorNombre === null || grupo.vendedorEmail === null) {
        await Promise.all(avisos);
        return;
      }
      const vendedor = { nombre: grupo.vendedorNombre, email: grupo.vendedorEmail };
      const cantidadPedidos = new Set(participantes.map((p) => p.pedidoId)).size;
      const unidades = participantes.reduce((t, p) => t + p.cantidad, 0);
      avisos.push(
        avisar(repos, {
          clave: `grupo-completo-vendedor:${grupoId}`,
          usuarioId: grupo.vendedorId,
          tipo: 'grupo_completo_vendedor',
          titulo: `Grupo completo: preparar ${grupo.producto}`,
          cuerpo: `Prepará ${unidades} ${unidades === 1 ? 'unidad' : 'unidades'} para ${cantidadPedidos} ${cantidadPedidos === 1 ? 'pedido' : 'pedidos'}.`,
          enlace: rutas.paraEntregar,
          correo: {
            para: vendedor.email,
            plantilla: 'grupo-completo-vendedor',
            datos: {
              nombre: vendedor.nombre,
              producto: grupo.producto,
              unidades,
              pedidos: cantidadPedidos,
              ruta: rutas.paraEntregar,
            },
          },
        }),
      );
      await Promise.all(avisos);
    },

    /**
     * A take left the open group with `faltan` places (LUGARES_CASI_COMPLETO: 1 or 2): its
     * shoppers hear it, except `excepto` (who just took places). Once per group, person and
     * count of places left: a group goes from 2 to 1 at most once, so nobody is told more than
     * twice of one group; a take that jumps past 2 tells only the count it left.
     */
    async grupoCasiCompleto(
      repos: RepositoriosDelAviso,
      { grupoId, faltan, excepto }: { grupoId: string; faltan: number; excepto: string },
    ): Promise<void> {
      if (!(LUGARES_CASI_COMPLETO as readonly number[]).includes(faltan)) return;
      const [grupo, participantes] = await Promise.all([
        repos.grupoParaMensajes.findGrupo(grupoId),
        repos.grupoParaMensajes.findParticipantes(grupoId),
      ]);
      if (!grupo) return;
      const personas = new Map<string, { nombre: string; email: string }>();
      for (const p of participantes) {
        if (p.usuarioId === excepto || p.nombre === null || p.email === null) continue;
        personas.set(p.usuarioId, { nombre: p.nombre, email: p.email });
      }
      const ruta = rutas.grupo(grupoId);
      await Promise.all(
        [...personas].map(([usuarioId, u]) =>
          avisar(repos, {
            clave: `grupo-casi-completo:${grupoId}:${faltan}:${usuarioId}`,
            usuarioId,
            tipo: 'grupo_casi_completo',
            titulo: `Tu grupo de ${grupo.producto} está casi completo`,
            cuerpo: `${faltan === 1 ? 'Falta 1 lugar' : `Faltan ${faltan} lugares`}. Compartilo con quien pueda sumarse.`,
            enlace: ruta,
            correo: {
              para: u.email,
              plantilla: 'grupo-casi-completo',
              datos: { nombre: u.nombre, producto: grupo.producto, faltan, ruta },
            },
          }),
        ),
      );
    },

    /**
     * Open groups with a deadline before `hasta` and places empty, not warned yet (the
     * deadline job, pedido/cancelacion-de-grupo.service.ts): each seller is warned once per group.
     */
    async gruposPorVencer(repos: RepositoriosDelAviso, ahora: Date, hasta: Date): Promise<number> {
      const filas = await repos.grupoParaMensajes.findPorVencer({
        ahora,
        hasta,
        limite: LOTE,
        sinAviso: sinAvisoConClave('grupo-por-vencer:'),
      });
      for (const g of filas) {
        if (!g.fechaLimite) continue;
        const vence = formatearFecha(g.fechaLimite);
        const faltan = g.faltan;
        const ruta = rutas.grupo(g.id);
        // Its shoppers first (docs/decisions/055): the scan skips a group once its seller was
        // told, and each shopper's notice has its own key.
        await miembrosDeGrupoPorVencer(repos, { ...g, fechaLimite: g.fechaLimite });
        const u = await repos.usuario.findContacto(g.vendedorId);
        if (!u) continue;
        await avisar(repos, {
          clave: `grupo-por-vencer:${g.id}`,
          usuarioId: g.vendedorId,
          tipo: 'grupo_por_vencer',
          titulo: `El grupo de ${g.producto} vence pronto`,
          cuerpo: `Vence el ${vence} y ${faltanLugares(faltan)}.`,
          enlace: ruta,
          correo: {
            para: u.email,
            plantilla: 'grupo-por-vencer',
            datos: { nombre: u.nombre, producto: g.producto, vence, faltan, ruta },
          },
        });
      }
      return filas.length;
    },
  };
}
