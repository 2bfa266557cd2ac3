import {
  AVISOS_DIAS_RETENCION,
  AVISOS_POR_PAGINA,
  type Aviso,
  type AvisosPagina,
  type CambiosDePreferenciasDeAviso,
  ERROR_CODES,
  type PreferenciasDeAviso,
  TIPOS_DE_AVISO,
  type TipoDeAviso,
  userRoom,
} from '@compra-grupal/contracts';
import { and } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { WithTransaction } from '../../db/unit-of-work';
import { defineJobType, enqueueJob, type JobQueue } from '../../jobs/queued-job';
import { requireActor } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { CorreoAEncolar, CorreoService } from '../correo/correo.service';
import type { PushService } from '../push/push.service';
import {
  type createAvisoRepository,
  type NotificacionRow,
  primeroConClave,
} from './aviso.repository';
import type { LecturasDeMensajes } from './mensajes.ports';
import { PUSH_POR_TIPO } from './push-por-tipo';

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

/** Tries of one notice's push; the runner waits 5 s, 10 s, 20 s… between them. */
export const MAX_INTENTOS_PUSH = 8;
/**
 * The job that sends one notice to the person's devices (docs/decisions/055), enqueued by
 * `avisar` in the notice's transaction and run by envio-de-push.job.ts.
 */
export const trabajoEnviarPush = defineJobType({
  name: 'aviso.push',
  payload: z.object({ avisoId: z.string().max(64) }),
  maxIntentos: MAX_INTENTOS_PUSH,
});

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
  push,
  jobs,
  repository,
  withTransaction,
  clock = systemClock,
}: {
  /**
   * Email: each notice's email, and the email and push preferences (the correo module owns
   * `preferencias_de_aviso`, docs/tablas-por-modulo.md).
   */
  correo: CorreoService;
  /**
   * The person's devices (docs/decisions/055) and the queue their sends go through; without
   * them (the admin command line) no notice is pushed.
   */
  push?: Pick<PushService, 'habilitado' | 'conDispositivos' | 'enviar'>;
  jobs?: JobQueue;
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

    /**
     * GET /api/aviso/preferencias: every kind, by channel: email on unless the caller turned it
     * off (always on for an essential kind); push as the caller chose, else the kind's default.
     */
    async preferencias(actor: Actor | null): Promise<PreferenciasDeAviso> {
      const { id: usuarioId } = requireActor(actor);
      return preferenciasCompletas(await correo.preferencias(usuarioId));
    },

    /**
     * PUT /api/aviso/preferencias: changes the kinds given, by channel. An essential kind's
     * email cannot be turned off (400, nothing changed); turning it on is accepted and changes
     * nothing. Push can be turned on or off for any kind.
     */
    async guardarPreferencias(
      actor: Actor | null,
      { email = {}, push: enDispositivos = {} }: CambiosDePreferenciasDeAviso,
    ): Promise<PreferenciasDeAviso> {
      const { id: usuarioId } = requireActor(actor);
      const dados = <T>(mapa: Partial<Record<TipoDeAviso, T>>) =>
        (Object.entries(mapa) as [TipoDeAviso, T | undefined][]).flatMap(([tipo, valor]) =>
          valor === undefined ? [] : [{ tipo, valor }],
        );
      const correos = dados(email);
      const esenciales = correos.filter((c) => TIPOS_DE_AVISO[c.tipo].esencial && !c.valor);
      if (esenciales.length > 0) {
        const nombres = esenciales.map((c) => TIPOS_DE_AVISO[c.tipo].nombre).join(', ');
        throw new AppError(
          400,
          ERROR_CODES.avisoEsencial,
          `Siempre te avisamos por correo de lo esencial: no se puede desactivar ${nombres}`,
        );
      }
      const cambios = new Map<
        TipoDeAviso,
        { tipo: TipoDeAviso; email?: boolean; push?: boolean }
      >();
      for (const { tipo, valor } of correos) {
        if (!TIPOS_DE_AVISO[tipo].esencial) cambios.set(tipo, { tipo, email: valor });
      }
      for (const { tipo, valor } of dados(enDispositivos)) {
        cambios.set(tipo, { ...(cambios.get(tipo) ?? { tipo }), push: valor });
      }
      await correo.guardarPreferencias(usuarioId, [...cambios.values()]);
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
      const id = newId();
      // The notice, the unread count that then includes it, its email (deduped by the same
      // key) and its push go out together: one round trip on a pipelined connection
      // (db/client.ts). The push's job is added only if, as its own statement reads, the notice
      // is not a repeat, the person wants this kind on their devices and has one.
      const [fila, noLeidos] = await Promise.all([
        repos.aviso.insertar({
          id,
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
        push?.habilitado && jobs
          ? enqueueJob(
              jobs,
              repos.ejecutor,
              trabajoEnviarPush,
              { avisoId: id },
              {
                clave: `push:${id}`,
                si: and(
                  primeroConClave(aviso.clave, id),
                  correo.pushEncendido(aviso.usuarioId, aviso.tipo),
                  push.conDispositivos(aviso.usuarioId),
                ),
              },
            )
          : undefined,
      ]);
      if (!fila) return;
      await repos.eventos.registrar(userRoom(aviso.usuarioId), 'avisoNuevo', {
        aviso: avisoDeFila(fila),
        noLeidos,
      });
    },

    /**
     * The push job's pass (envio-de-push.job.ts, docs/decisions/055): the notice's own title,
     * text and link, encrypted for each of the person's devices. Nothing is sent when the
     * notice is gone, already read, older than its kind's lifetime on a device, or its kind
     * was turned off since; a device that asked to try later makes the job try again.
     */
    async enviarPush({ avisoId }: { avisoId: string }): Promise<void> {
      if (!push) return;
      const fila = await repository.findById(avisoId);
      if (!fila || fila.leidoEn) return;
      const tipo = fila.tipo as TipoDeAviso;
      const { urgencia, ttlSegundos } = PUSH_POR_TIPO[tipo];
      const vida =
        ttlSegundos - Math.floor((clock.now().getTime() - fila.creadoEn.getTime()) / 1000);
      if (vida <= 0) return;
      if (!(await correo.leerPushEncendido(fila.usuarioId, tipo))) return;
      await push.enviar(
        fila.usuarioId,
        { titulo: fila.titulo, cuerpo: fila.cuerpo, enlace: fila.enlace },
        // The notice's id as the topic: a retry replaces what a device has not received yet.
        { urgencia, ttlSegundos: vida, tema: avisoId },
      );
    },
  };
}

function preferenciasCompletas(
  guardadas: { tipo: string; email: boolean | null; push: boolean | null }[],
): PreferenciasDeAviso {
  const elegidas = new Map(guardadas.map((p) => [p.tipo, p]));
  const email: PreferenciasDeAviso['email'] = {};
  const push: PreferenciasDeAviso['push'] = {};
  for (const [tipo, definicion] of Object.entries(TIPOS_DE_AVISO) as [
    TipoDeAviso,
    { esencial: boolean; push: boolean },
  ][]) {
    const elegida = elegidas.get(tipo);
    email[tipo] = definicion.esencial || (elegida?.email ?? true);
    push[tipo] = elegida?.push ?? definicion.push;
  }
  return { email, push };
}

export type AvisoService = ReturnType<typeof createAvisoService>;
