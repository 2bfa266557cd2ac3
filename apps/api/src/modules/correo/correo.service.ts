import { TIPOS_DE_AVISO, type TipoDeAviso } from '@compra-grupal/contracts';
import { render } from '@react-email/render';
import type { SQL } from 'drizzle-orm';
import { createElement } from 'react';
import { z } from 'zod';
import { type MailPort, RechazoPermanente } from '../../adapters/mail/mail.port';
import type { Database } from '../../db/database';
import { type JobContext, PermanentJobError } from '../../jobs/job-runner';
import { defineJobType, enqueueJob, type JobQueue } from '../../jobs/queued-job';
import { type Clock, systemClock } from '../../lib/clock';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import {
  type CorreoRow,
  correoPendiente,
  createCorreoRepository,
  pushEncendido,
} from './correo.repository';
import { createEnlacesDeBaja } from './enlace-de-baja';
import { type NombreDePlantilla, plantillas } from './plantillas';
import type { ContextoDeCorreo, PlantillaDeCorreo } from './plantillas/plantilla';

export type { NombreDePlantilla };

export const TRABAJO_ENVIAR_CORREO = 'correo.enviar';
/** Attempts of one email; the runner waits 5 s, 10 s, 20 s… (up to an hour) between them. */
export const MAX_INTENTOS_CORREO = 8;
/** The sending job's type (run by envio-de-correo.job.ts): the kept message to send. */
export const trabajoEnviarCorreo = defineJobType({
  name: TRABAJO_ENVIAR_CORREO,
  payload: z.object({ correoId: z.string().max(64) }),
  maxIntentos: MAX_INTENTOS_CORREO,
});
/** Messages the embedded mailbox lists (/dev/correos). */
export const BUZON_MAX = 100;

/** One email to enqueue. `clave` is the idempotency key of the event that causes it. */
export interface CorreoAEncolar<N extends NombreDePlantilla = NombreDePlantilla> {
  clave: string;
  para: string;
  usuarioId: string | null;
  plantilla: N;
  datos: z.input<(typeof plantillas)[N]['esquema']>;
}

/** The kind of the notification center a template belongs to, if any. */
const tipoDe = (plantilla: NombreDePlantilla): TipoDeAviso | undefined =>
  (plantillas[plantilla] as { tipoDeAviso?: TipoDeAviso }).tipoDeAviso;

/** Whether a person may turn this template's email off (its kind is not essential). */
const seDaDeBaja = (plantilla: NombreDePlantilla): TipoDeAviso | undefined => {
  const tipo = tipoDe(plantilla);
  return tipo && !TIPOS_DE_AVISO[tipo].esencial ? tipo : undefined;
};

/**
 * Email (docs/decisions/039). `encolar` runs inside the caller's transaction: it keeps the
 * message in `correos` and adds the sending job, so both exist only if the transaction
 * commits, and a second enqueue of the same `clave` changes nothing. The job renders the
 * template and hands it to the transport, outside any request. A transient failure is retried
 * with the runner's backoff; a permanent refusal (SMTP 5xx), data that no longer renders or the
 * last attempt mark the row `fallido`. The row goes `enviado` only from `pendiente`, and each
 * message carries a Message-ID made from its id, so the rare resend after a crash between the
 * server's acceptance and that update is the same message to the receiving side.
 */
export function createCorreoService({
  db,
  jobs,
  mail,
  publicUrl,
  claveDeBaja,
  clock = systemClock,
  log,
}: {
  db: Database;
  jobs: JobQueue;
  mail: MailPort;
  publicUrl: string;
  /** The key of the unsubscribe links (enlace-de-baja.ts, derived from JWT_SECRET). */
  claveDeBaja: Uint8Array;
  clock?: Clock;
  /** Where a message whose data its template refuses is reported (it is dropped, see encolar). */
  log?: { error(object: object, message: string): void };
}) {
  const urlPublica = publicUrl.replace(/\/+$/, '');
  const dominio = urlPublica ? new URL(urlPublica).hostname : 'localhost';
  const enlacesDeBaja = createEnlacesDeBaja({ clave: claveDeBaja, urlPublica });

  /** Its rows on the root connection (`encolar` builds one on the caller's transaction). */
  const repository = createCorreoRepository(db);

  async function renderizar(
    plantilla: NombreDePlantilla,
    datos: unknown,
    contexto: ContextoDeCorreo,
  ) {
    const definicion = plantillas[plantilla];
    const parsed = definicion.esquema.parse(datos);
    const element = createElement(definicion.Cuerpo as never, { datos: parsed, contexto });
    return {
      asunto: definicion.asunto(parsed as never),
      html: await render(element),
      texto: await render(element, { plainText: true }),
    };
  }

  /** A row as it goes out: its rendering, with the unsubscribe link when the kind has one. */
  async function componer(correo: CorreoRow) {
    const plantilla = correo.plantilla as NombreDePlantilla;
    const tipo = seDaDeBaja(plantilla);
    const urlDeBaja =
      tipo && correo.usuarioId ? await enlacesDeBaja.url(correo.usuarioId, tipo) : null;
    const mensaje = await renderizar(plantilla, correo.datos, { urlPublica, urlDeBaja });
    // RFC 2369 and RFC 8058: the mail client's own "unsubscribe" button, one click (a POST).
    const encabezados = urlDeBaja
      ? {
          'List-Unsubscribe': `<${urlDeBaja}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : undefined;
    return { mensaje, encabezados };
  }

  /**
   * The data a message goes out with: as kept for an account that verified its address; to
   * one that has not, without the text its person typed (its template's `sinVerificar`), or
   * null when the template sends nothing then.
   */
  async function paraElDestinatario(correo: CorreoRow): Promise<unknown> {
    if (await repository.isVerificado(correo.usuarioId)) return correo.datos;
    const definicion = plantillas[correo.plantilla as NombreDePlantilla] as PlantillaDeCorreo;
    return definicion.sinVerificar(definicion.esquema.parse(correo.datos));
  }

  /**
   * What is kept of a message once it has gone (or failed for good). The embedded mailbox is the
   * delivery itself, so it keeps everything; with a real transport the body and its data leave
   * the database (they hold single-use links: a dump must not hand out live ones).
   */
  const loQueQueda = (mensaje: { asunto: string; html: string; texto: string }) =>
    mail.nombre === 'buzon'
      ? mensaje
      : { asunto: mensaje.asunto, html: null, texto: null, datos: {} };

  const marcar = (correoId: string, cambios: Parameters<typeof repository.markIfPendiente>[1]) =>
    repository.markIfPendiente(correoId, cambios);

  /**
   * The sending job's pass (envio-de-correo.job.ts): renders the kept message and hands it to
   * the transport, unless it went already or its person turned that kind of email off since.
   */
  async function enviar(
    { correoId }: { correoId: string },
    { intento }: Pick<JobContext, 'intento'>,
  ): Promise<void> {
    const correo = await repository.findById(correoId);
    if (correo?.estado !== 'pendiente') return;
    const plantilla = correo.plantilla as NombreDePlantilla;
    // Turned off between the event and the sending (the unsubscribe link of another email).
    if (await repository.isEmailApagado(correo.usuarioId, seDaDeBaja(plantilla))) {
      await marcar(correoId, { estado: 'omitido' });
      return;
    }
    let compuesto: Awaited<ReturnType<typeof componer>>;
    try {
      const datos = await paraElDestinatario(correo);
      if (datos === null) {
        await marcar(correoId, { estado: 'omitido' });
        return;
      }
      compuesto = await componer({ ...correo, datos });
    } catch (error) {
      // Stored data that its template no longer accepts: no retry will render it.
      await marcar(correoId, { estado: 'fallido' });
      throw new PermanentJobError(
        `La plantilla ${plantilla} no pudo armar el correo: ${error instanceof Error ? error.name : 'error'}`,
      );
    }
    const { mensaje, encabezados } = compuesto;
    let idExterno: string | null;
    try {
      ({ idExterno } = await mail.enviar({
        para: correo.para,
        ...mensaje,
        idMensaje: `<${correo.id}@${dominio}>`,
        ...(encabezados ? { encabezados } : {}),
      }));
    } catch (error) {
      const permanente = error instanceof RechazoPermanente;
      if (permanente || intento >= MAX_INTENTOS_CORREO) {
        await marcar(correoId, { estado: 'fallido', ...loQueQueda(mensaje) });
      }
      if (permanente) throw new PermanentJobError(error.message);
      throw error;
    }
    await marcar(correoId, {
      estado: 'enviado',
      ...loQueQueda(mensaje),
      idExterno,
      enviadoEn: clock.now(),
    });
  }

  /** The subject of a row not rendered yet (pending), from its template and data. */
  function asuntoDe(correo: { asunto: string | null; plantilla: string; datos: unknown }) {
    if (correo.asunto !== null) return correo.asunto;
    const definicion = plantillas[correo.plantilla as NombreDePlantilla];
    const datos = definicion?.esquema.safeParse(correo.datos);
    return datos?.success ? definicion.asunto(datos.data as never) : `(${correo.plantilla})`;
  }

  return {
    /** Keeps the message and schedules its sending, in the caller's transaction. */
    async encolar<N extends NombreDePlantilla>(
      executor: Database,
      correo: CorreoAEncolar<N>,
    ): Promise<void> {
      // Callers enqueue inside the transaction of the event itself (a payment approved, a group
      // completed): a message its template refuses is a bug to report, never a reason to undo
      // the event. The check runs before any statement, so the transaction stays usable.
      const leidos = plantillas[correo.plantilla].esquema.safeParse(correo.datos);
      if (!leidos.success) {
        log?.error(
          {
            plantilla: correo.plantilla,
            campos: leidos.error.issues.map((issue) => issue.path.join('.')),
          },
          'correo descartado: sus datos no cumplen la plantilla',
        );
        return;
      }
      const datos = leidos.data;
      const id = newId();
      // The message and its job go out together (one round trip on a pipelined connection,
      // db/client.ts): the message is kept `omitido` when its person turned that kind of email
      // off, and the job is added only if this statement kept it `pendiente`.
      await Promise.all([
        createCorreoRepository(executor).insertIfAbsent(
          {
            id,
            clave: correo.clave,
            para: correo.para,
            usuarioId: correo.usuarioId,
            plantilla: correo.plantilla,
            datos,
            creadoEn: clock.now(),
          },
          seDaDeBaja(correo.plantilla),
        ),
        enqueueJob(
          jobs,
          executor,
          trabajoEnviarCorreo,
          { correoId: id },
          {
            clave: `correo:${id}`,
            si: correoPendiente(id),
          },
        ),
      ]);
    },

    /** Renders a template as it would be sent (the /dev/correos pages, tests). */
    renderizar,

    /** Sends one kept message: the sending job's pass (envio-de-correo.job.ts). */
    enviar,

    /**
     * What an unsubscribe link's token would turn off (the notification center's preference,
     * decision 041), without turning it off. Undefined for a token that is not ours.
     */
    async leerBaja(token: string): Promise<{ tipo: TipoDeAviso } | undefined> {
      const baja = await enlacesDeBaja.leer(token);
      return baja ? { tipo: baja.tipo } : undefined;
    },

    /**
     * Applies an unsubscribe link's token (its POST only: a GET just asks, decision 050): that
     * person stops receiving that kind of email. Undefined for a token that is not ours.
     */
    async darDeBaja(token: string): Promise<{ tipo: TipoDeAviso } | undefined> {
      const baja = await enlacesDeBaja.leer(token);
      if (!baja) return undefined;
      try {
        await repository.upsertPreferencias(
          baja.usuarioId,
          [{ tipo: baja.tipo, email: false }],
          clock.now(),
        );
      } catch (error) {
        // An account deleted since: nothing is sent to it anyway.
        if (!isForeignKeyViolation(error)) throw error;
      }
      return { tipo: baja.tipo };
    },

    /**
     * The person's stored choices, one per kind they ever chose, by channel (null: not chosen):
     * the notification center's preferences (decisions 041 and 055) are read through here, as
     * this module owns the table.
     */
    preferencias(
      usuarioId: string,
    ): Promise<{ tipo: string; email: boolean | null; push: boolean | null }[]> {
      return repository.findPreferencias(usuarioId);
    },

    /**
     * Stores the person's choices of the kinds given, by channel; a channel left out keeps its
     * value (aviso.service checks them first).
     */
    guardarPreferencias(
      usuarioId: string,
      cambios: { tipo: TipoDeAviso; email?: boolean; push?: boolean }[],
    ): Promise<void> {
      return repository.upsertPreferencias(usuarioId, cambios, clock.now());
    },

    /**
     * SQL: the person's devices get the kind `tipo` (their choice, else the kind's default,
     * `TIPOS_DE_AVISO[tipo].push`), for a statement of the caller's (docs/decisions/055).
     */
    pushEncendido(usuarioId: string, tipo: TipoDeAviso): SQL<boolean> {
      return pushEncendido(usuarioId, tipo, TIPOS_DE_AVISO[tipo].push);
    },

    /** Whether the person's devices get the kind `tipo` now (read again when a push is sent). */
    leerPushEncendido(usuarioId: string, tipo: TipoDeAviso): Promise<boolean> {
      return repository.isPushEncendido(usuarioId, tipo, TIPOS_DE_AVISO[tipo].push);
    },

    /** The embedded mailbox (/dev/correos): the latest messages, newest first. */
    /** The mailbox's latest messages, all of them or only those sent to `para`. */
    async buzon(para?: string) {
      const filas = await repository.findRecientes(BUZON_MAX, para);
      return filas.map(({ datos, ...fila }) => ({ ...fila, asunto: asuntoDe({ ...fila, datos }) }));
    },

    /** One message of the mailbox as it went out (or, while pending, as it will). */
    async delBuzon(id: string) {
      const correo = await repository.findById(id);
      if (!correo) return undefined;
      if (correo.html !== null && correo.texto !== null && correo.asunto !== null) {
        return { ...correo, asunto: correo.asunto, html: correo.html, texto: correo.texto };
      }
      const compuesto = await componer(correo).catch(() => undefined);
      return {
        ...correo,
        asunto: asuntoDe(correo),
        html: compuesto?.mensaje.html ?? '',
        texto: compuesto?.mensaje.texto ?? '(la plantilla no pudo armar este correo)',
      };
    },
  };
}

export type CorreoService = ReturnType<typeof createCorreoService>;
