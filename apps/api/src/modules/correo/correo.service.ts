import { TIPOS_DE_AVISO } from '@compra-grupal/contracts';
import { render } from '@react-email/render';
import { and, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { z } from 'zod';
import type { MailPort } from '../../adapters/mail/mail.port';
import type { Database } from '../../db/database';
import { correos, preferenciasDeAviso } from '../../db/schema';
import type { JobRunner } from '../../jobs/job-runner';
import { type Clock, systemClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { type NombreDePlantilla, plantillas } from './plantillas';
import type { ContextoDeCorreo } from './plantillas/plantilla';

export type { NombreDePlantilla };

export const TRABAJO_ENVIAR_CORREO = 'correo.enviar';

/** One email to enqueue. `clave` is the idempotency key of the event that causes it. */
export interface CorreoAEncolar<N extends NombreDePlantilla = NombreDePlantilla> {
  clave: string;
  para: string;
  usuarioId: string | null;
  plantilla: N;
  datos: z.input<(typeof plantillas)[N]['esquema']>;
}

/**
 * Email (docs/decisions/039). `encolar` runs inside the caller's transaction: it keeps the
 * message in `correos` and adds the sending job, so both exist only if the transaction
 * commits, and a second enqueue of the same `clave` changes nothing. The job renders the
 * template and hands it to the transport, outside any request; a failure is retried with the
 * runner's backoff.
 */
export function createCorreoService({
  db,
  jobs,
  mail,
  publicUrl,
  clock = systemClock,
}: {
  db: Database;
  jobs: JobRunner;
  mail: MailPort;
  publicUrl: string;
  clock?: Clock;
}) {
  const urlPublica = publicUrl.replace(/\/+$/, '');

  async function emailApagado(
    executor: Database,
    usuarioId: string | null,
    plantilla: NombreDePlantilla,
  ): Promise<boolean> {
    const tipo = (plantillas[plantilla] as { tipoDeAviso?: keyof typeof TIPOS_DE_AVISO })
      .tipoDeAviso;
    if (!tipo || TIPOS_DE_AVISO[tipo].esencial || !usuarioId) return false;
    const [preferencia] = await executor
      .select({ email: preferenciasDeAviso.email })
      .from(preferenciasDeAviso)
      .where(and(eq(preferenciasDeAviso.usuarioId, usuarioId), eq(preferenciasDeAviso.tipo, tipo)));
    return preferencia?.email === false;
  }

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

  jobs.register(
    TRABAJO_ENVIAR_CORREO,
    z.object({ correoId: z.string() }),
    async ({ correoId }) => {
      const [correo] = await db.select().from(correos).where(eq(correos.id, correoId));
      if (correo?.estado !== 'pendiente') return;
      const plantilla = correo.plantilla as NombreDePlantilla;
      const mensaje = await renderizar(plantilla, correo.datos, { urlPublica, urlDeBaja: null });
      const { idExterno } = await mail.enviar({ para: correo.para, ...mensaje });
      await db
        .update(correos)
        .set({ estado: 'enviado', ...mensaje, idExterno, enviadoEn: clock.now() })
        .where(and(eq(correos.id, correoId), eq(correos.estado, 'pendiente')));
    },
    { maxIntentos: 8 },
  );

  return {
    /** Keeps the message and schedules its sending, in the caller's transaction. */
    async encolar<N extends NombreDePlantilla>(
      executor: Database,
      correo: CorreoAEncolar<N>,
    ): Promise<void> {
      const datos = plantillas[correo.plantilla].esquema.parse(correo.datos);
      const omitido = await emailApagado(executor, correo.usuarioId, correo.plantilla);
      const [fila] = await executor
        .insert(correos)
        .values({
          id: newId(),
          clave: correo.clave,
          para: correo.para,
          usuarioId: correo.usuarioId,
          plantilla: correo.plantilla,
          datos,
          estado: omitido ? 'omitido' : 'pendiente',
          creadoEn: clock.now(),
        })
        .onConflictDoNothing({ target: correos.clave })
        .returning({ id: correos.id });
      if (!fila || omitido) return;
      await jobs.enqueue(executor, {
        tipo: TRABAJO_ENVIAR_CORREO,
        payload: { correoId: fila.id },
        clave: `correo:${fila.id}`,
      });
    },
    /** Renders a template as it would be sent (the /dev/correos pages, tests). */
    renderizar,
  };
}

export type CorreoService = ReturnType<typeof createCorreoService>;
