import { type Aviso, type TipoDeAviso, userRoom } from '@compra-grupal/contracts';
import type { Database } from '../../db/database';
import { type Clock, systemClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { CorreoAEncolar, CorreoService, NombreDePlantilla } from '../correo/correo.service';
import type { AvisoRepository, NotificacionRow } from './aviso.repository';

/** What `avisar` writes through: the caller's transaction's notifications, outbox and connection. */
export interface ReposDeAviso {
  aviso: AvisoRepository;
  eventos: OutboxRepository;
  ejecutor: Database;
}

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
  clock = systemClock,
}: {
  correo: CorreoService;
  clock?: Clock;
}) {
  return {
    async avisar<N extends NombreDePlantilla>(
      repos: ReposDeAviso,
      aviso: AvisoAEnviar<N>,
    ): Promise<void> {
      const fila = await repos.aviso.insertar({
        id: newId(),
        clave: aviso.clave,
        usuarioId: aviso.usuarioId,
        tipo: aviso.tipo,
        titulo: aviso.titulo,
        cuerpo: aviso.cuerpo,
        enlace: aviso.enlace,
        creadoEn: clock.now(),
      });
      if (!fila) return;
      const noLeidos = await repos.aviso.contarNoLeidos(aviso.usuarioId);
      await repos.eventos.registrar(userRoom(aviso.usuarioId), 'avisoNuevo', {
        aviso: avisoDeFila(fila),
        noLeidos,
      });
      if (aviso.correo) {
        await correo.encolar(repos.ejecutor, {
          ...aviso.correo,
          clave: aviso.clave,
          usuarioId: aviso.usuarioId,
        } as CorreoAEncolar<N>);
      }
    },
  };
}

export type AvisoService = ReturnType<typeof createAvisoService>;
