import nodemailer from 'nodemailer';
import { type MailPort, RechazoPermanente } from './mail.port';

/** Bounded waits: a stuck server fails the attempt well inside the job's lease (5 min). */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
} as const;

/** What nodemailer's errors carry besides the message. */
interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
}

/**
 * A 5xx reply to the message or its recipient is final. A refused login (EAUTH) is a 5xx too,
 * but it is the configuration's fault, not the message's: it is retried, so mail waits for the
 * operator to fix SMTP_URL instead of being dropped.
 */
export function esRechazoPermanente(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as SmtpError;
  return typeof responseCode === 'number' && responseCode >= 500 && code !== 'EAUTH';
}

/**
 * Mail over SMTP with nodemailer (docs/decisions/039): a small pool of connections to
 * SMTP_URL (smtp:// upgrades with STARTTLS when the server offers it; smtps:// is TLS from the
 * start). Errors go up without the recipient or the credentials: the job logs them.
 */
export function createSmtpMail({
  url,
  remitente,
}: {
  url: string;
  remitente: { nombre: string; direccion: string };
}): MailPort {
  const transporte = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    ...SMTP_TIMEOUTS,
    // Nodemailer's own logger stays off: it would print addresses and the AUTH exchange.
    logger: false,
    debug: false,
  });
  return {
    nombre: 'smtp',
    async enviar(mensaje) {
      try {
        const info = await transporte.sendMail({
          from: remitente.nombre
            ? { name: remitente.nombre, address: remitente.direccion }
            : remitente.direccion,
          to: mensaje.para,
          subject: mensaje.asunto,
          html: mensaje.html,
          text: mensaje.texto,
          ...(mensaje.idMensaje ? { messageId: mensaje.idMensaje } : {}),
          ...(mensaje.encabezados ? { headers: mensaje.encabezados } : {}),
        });
        return { idExterno: info.messageId ?? null };
      } catch (error) {
        const { code, responseCode } = (error ?? {}) as SmtpError;
        // The reply's text may quote the recipient: only its code and kind go further.
        const detalle = `SMTP ${responseCode ?? 'sin respuesta'}${code ? ` (${code})` : ''}`;
        if (esRechazoPermanente(error)) {
          throw new RechazoPermanente(`El servidor SMTP rechazó el mensaje: ${detalle}`);
        }
        throw new Error(`No se pudo entregar al servidor SMTP: ${detalle}`);
      }
    },
    async close() {
      transporte.close();
    },
  };
}
