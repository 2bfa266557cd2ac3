import { numeroDePedido } from '@compra-grupal/contracts';
import { formatearFecha } from '../../lib/texto-es';
import { sinAvisoConClave } from './aviso.repository';
import type { RepositoriosDelAviso } from './aviso.service';
import { avisarAcotado, type DepsDeMensajes, LOTE, rutas } from './mensajes-comun';

/**
 * The messages about a purchase group (docs/decisions/042): complete (each shopper's delivery
 * codes, the seller's units to prepare) and, to its seller, its deadline coming with places
 * still empty.
 */
export function createMensajesDeGrupo(deps: DepsDeMensajes) {
  const avisar = avisarAcotado(deps);

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
        const u = await repos.usuario.findContacto(g.vendedorId);
        if (!u || !g.fechaLimite) continue;
        const vence = formatearFecha(g.fechaLimite);
        const faltan = g.faltan;
        await avisar(repos, {
          clave: `grupo-por-vencer:${g.id}`,
          usuarioId: g.vendedorId,
          tipo: 'grupo_por_vencer',
          titulo: `El grupo de ${g.producto} vence pronto`,
          cuerpo: `Vence el ${vence} y ${faltan === 1 ? 'falta 1 lugar' : `faltan ${faltan} lugares`}.`,
          enlace: rutas.grupo(g.id),
          correo: {
            para: u.email,
            plantilla: 'grupo-por-vencer',
            datos: {
              nombre: u.nombre,
              producto: g.producto,
              vence,
              faltan,
              ruta: rutas.grupo(g.id),
            },
          },
        });
      }
      return filas.length;
    },
  };
}
