import {
  AVISOS_DIAS_RETENCION,
  AVISOS_POR_PAGINA,
  type Aviso,
  type AvisosPagina,
  ERROR_CODES,
  type PreferenciasDeAviso,
  TIPOS_DE_AVISO,
  type TipoDeAviso,
  userRoom,
} from '@compra-grupal/contracts';
import type { Database } from '../../db/database';
import type { WithTransaction } from '../../db/unit-of-work';
import { requireActor } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { CorreoAEncolar, CorreoService } from '../correo/correo.service';
import type { createAvisoRepository, NotificacionRow } from './aviso.repository';
import type { LecturasDeMensajes } from './mensajes.ports';

type AvisoRepository = ReturnType<typeof createAvisoRepository>;
type NombreDePlantilla = CorreoAEncolar['plantilla'];

/**
 * The repositories `avisar` writes through, inside the caller's transaction (the app's
 * `Repositories` has them; named here so the module imports no composition root).
 */
export interface RepositoriosDeAvisar {
  aviso: AvisoRepository;
  eventos: OutboxRepository;
  /** The open transaction, for the notice's email (`correo.encolar`). */
  ejecutor: Database;
}

/**
 * What a transactional message needs of the caller's transaction: what `avisar` writes through
 * and what the messages read, each read answered by the module that owns its rows
 * (mensajes.ports.ts). The services that send messages declare this in their `withTransaction`.
 */
export type RepositoriosDelAviso = RepositoriosDeAvisar & LecturasDeMensajes;

/** Rows the retention deletes per statement, and statements per pass (docs/decisions/041). */
export const RETENCION_LOTE = 500;
export const RETENCION_LOTES_POR_PASADA = 20;
const DIA_MS = 24 * 60 * 60_000;

/** One event a person is told about: the bell's entry and, when given, its email. */
export interface AvisoAEnviar<N extends NombreDePlantilla = NombreDePlantilla> {
  /** The event's idempotency key: the same event never notifies (or emails) twice. */
  clave: string;
  usuarioId: string;
  tipo: TipoDeAviso;
  titulo: string;
  cuerpo: string;
  /** The app path that shows it (for example `/my-orders`). */
  enlace: string | null;
  /** The email of the same event (its preference is honoured by `correo.encolar`). */
  correo?: Omit<CorreoAEncolar<N>, 'clave' | 'usuarioId'>;
}

export function avisoDeFila(fila: NotificacionRow): Aviso {
  return {
    _id: fila.id,
    tipo: fila.tipo as TipoDeAviso,
    titulo: fila.titulo,
    cuerpo: fila.cuerpo,
    enlace: fila.enlace,
    creadoEn: fila.creadoEn.toISOString(),
    leido: fila.leidoEn !== null,
  };
}

/**
 * Telling people (docs/decisions/041). `avisar` runs inside the transaction that made the event
 * happen (its `repositories`): the notification, its live `avisoNuevo` (through the outbox) and
 * its email exist only if that transaction commits, once per `clave`.
 */
export function createAvisoService({
  correo,
  repository,
  withTransaction,
  clock = systemClock,
}: {
  /**
   * Email: each notice's email, and the email preferences (the correo module owns
   * `preferencias_de_aviso`, docs/tablas-por-modulo.md).
   */
  correo: CorreoService;
  /** The root connection's aviso repository (the bell's reads, read marks, retention). */
  repository: AvisoRepository;
  withTransaction: WithTransaction<RepositoriosDeAvisar>;
  clock?: Clock;
}) {
  /** After marking: the count, and the user's other tabs told through the outbox. */
  async function anunciarLeidos(repos: RepositoriosDeAvisar, usuarioId: string, cambio: boolean) {
    const noLeidos = await repos.aviso.contarNoLeidos(usuarioId);
    if (cambio) await repos.eventos.registrar(userRoom(usuarioId), 'avisosLeidos', { noLeidos });
    return { noLeidos };
  }

  return {
    /** GET /api/aviso: one page of the caller's notifications, newest first. */
    async listar(actor: Actor | null, antesDe?: string): Promise<AvisosPagina> {
      const { id: usuarioId } = requireActor(actor);
      // One more than a page tells whether another page follows.
      const filas = await repository.listar(usuarioId, {
        ...(antesDe ? { antesDe } : {}),
        limite: AVISOS_POR_PAGINA + 1,
      });
      if (!filas) throw notFound(ERROR_CODES.avisoNoEncontrado);
      const pagina = filas.slice(0, AVISOS_POR_PAGINA);
      return {
        avisos: pagina.map(avisoDeFila),
        noLeidos: await repository.contarNoLeidos(usuarioId),
        siguiente: filas.length > AVISOS_POR_PAGINA ? (pagina.at(-1)?.id ?? null) : null,
      };
    },

    /** POST /api/aviso/{avisoId}/leido: only the caller's own (anything else is a 404). */
    async marcarLeido(actor: Actor | null, avisoId: string): Promise<{ noLeidos: number }> {
      const { id: usuarioId } = requireActor(actor);
      return withTransaction(async (repos) => {
        const resultado = await repos.aviso.marcarLeido(usuarioId, avisoId, clock.now());
        if (resultado === 'desconocido') throw notFound(ERROR_CODES.avisoNoEncontrado);
        return anunciarLeidos(repos, usuarioId, resultado === 'marcado');
      });
    },

    /** POST /api/aviso/leer-todos. */
    async marcarTodos(actor: Actor | null): Promise<{ noLeidos: number }> {
      const { id: usuarioId } = requireActor(actor);
      return withTransaction(async (repos) => {
        const marcadas = await repos.aviso.marcarTodos(usuarioId, clock.now());
        return anunciarLeidos(repos, usuarioId, marcadas > 0);
      });
    },

    /** GET /api/aviso/preferencias: every kind; on unless the caller turned it off. */
    async preferencias(actor: Actor | null): Promise<PreferenciasDeAviso> {
      const { id: usuarioId } = requireActor(actor);
      return preferenciasCompletas(await correo.preferencias(usuarioId));
    },

    /**
     * PUT /api/aviso/preferencias: changes the kinds given. An essential kind cannot be
     * turned off (400, nothing changed); turning it on is accepted and changes nothing.
     */
    async guardarPreferencias(
      actor: Actor | null,
      { email }: PreferenciasDeAviso,
    ): Promise<PreferenciasDeAviso> {
      const { id: usuarioId } = requireActor(actor);
      const cambios = (Object.entries(email) as [TipoDeAviso, boolean | undefined][]).flatMap(
        ([tipo, valor]) => (valor === undefined ? [] : [{ tipo, email: valor }]),
      );
      const esenciales = cambios.filter((c) => TIPOS_DE_AVISO[c.tipo].esencial && !c.email);
      if (esenciales.length > 0) {
        const nombres = esenciales.map((c) => TIPOS_DE_AVISO[c.tipo].nombre).join(', ');
        throw new AppError(
          400,
          ERROR_CODES.avisoEsencial,
          `Siempre te avisamos por correo de lo esencial: no se puede desactivar ${nombres}`,
        );
      }
      await correo.guardarPreferencias(
        usuarioId,
        cambios.filter((c) => !TIPOS_DE_AVISO[c.tipo].esencial),
      );
      return preferenciasCompletas(await correo.preferencias(usuarioId));
    },

    /**
     * Retention: deletes the notifications older than AVISOS_DIAS_RETENCION days, in batches
     * of RETENCION_LOTE, at most RETENCION_LOTES_POR_PASADA per pass (the next pass goes on).
     */
    async borrarVencidos(): Promise<number> {
      const limite = new Date(clock.now().getTime() - AVISOS_DIAS_RETENCION * DIA_MS);
      let total = 0;
      for (let lote = 0; lote < RETENCION_LOTES_POR_PASADA; lote += 1) {
        const borradas = await repository.borrarAnteriores(limite, RETENCION_LOTE);
        total += borradas;
        if (borradas < RETENCION_LOTE) break;
      }
      return total;
    },

    async avisar<N extends NombreDePlantilla>(
      repos: RepositoriosDeAvisar,
      aviso: AvisoAEnviar<N>,
    ): Promise<void> {
      // The notice, the unread count that then includes it, and its email (deduped by the same
      // key) go out together: one round trip on a pipelined connection (db/client.ts), run by
      // PostgreSQL in this order.
      const [fila, noLeidos] = await Promise.all([
        repos.aviso.insertar({
          id: newId(),
          clave: aviso.clave,
          usuarioId: aviso.usuarioId,
          tipo: aviso.tipo,
          titulo: aviso.titulo,
          cuerpo: aviso.cuerpo,
          enlace: aviso.enlace,
          creadoEn: clock.now(),
        }),
        repos.aviso.contarNoLeidos(aviso.usuarioId),
        aviso.correo
          ? correo.encolar(repos.ejecutor, {
              ...aviso.correo,
              clave: aviso.clave,
              usuarioId: aviso.usuarioId,
            } as CorreoAEncolar<N>)
          : undefined,
      ]);
      if (!fila) return;
      await repos.eventos.registrar(userRoom(aviso.usuarioId), 'avisoNuevo', {
        aviso: avisoDeFila(fila),
        noLeidos,
      });
    },
  };
}

function preferenciasCompletas(guardadas: { tipo: string; email: boolean }[]): PreferenciasDeAviso {
  const elegidas = new Map(guardadas.map((p) => [p.tipo, p.email]));
  const email: PreferenciasDeAviso['email'] = {};
  for (const [tipo, { esencial }] of Object.entries(TIPOS_DE_AVISO) as [
    TipoDeAviso,
    { esencial: boolean },
  ][]) {
    email[tipo] = esencial || (elegidas.get(tipo) ?? true);
  }
  return { email };
}

export type AvisoService = ReturnType<typeof createAvisoService>;
