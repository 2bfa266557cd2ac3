/** One rendered message, ready for the transport. */
export interface MensajeSaliente {
  para: string;
  asunto: string;
  html: string;
  texto: string;
  /**
   * The Message-ID, stable per message (`<correoId@host>`): a retry after a crash that hid a
   * delivery carries the same id, so the receiving side can drop the copy (decision 039).
   */
  idMensaje?: string;
  /** Extra headers (List-Unsubscribe for what is not essential). */
  encabezados?: Record<string, string>;
}

/**
 * The transport refused this message for good (an SMTP 5xx reply: no such mailbox, rejected
 * content): sending it again cannot help. Any other error is transient and the job retries.
 */
export class RechazoPermanente extends Error {
  override name = 'RechazoPermanente';
}

/**
 * Where mail goes (docs/decisions/039): SMTP through nodemailer when SMTP_URL is set, else the
 * embedded mailbox, which sends nothing: the `correos` table keeps every message and
 * /dev/correos shows it.
 */
export interface MailPort {
  readonly nombre: 'smtp' | 'buzon';
  /**
   * Throws RechazoPermanente when the transport refused the message for good, any other error
   * when it could not be reached or refused for now (the job retries).
   */
  enviar(mensaje: MensajeSaliente): Promise<{ idExterno: string | null }>;
  close?(): Promise<void>;
}
