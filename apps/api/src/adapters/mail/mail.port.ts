/** One rendered message, ready for the transport. */
export interface MensajeSaliente {
  para: string;
  asunto: string;
  html: string;
  texto: string;
  /** Extra headers (List-Unsubscribe for what is not essential). */
  encabezados?: Record<string, string>;
}

/**
 * Where mail goes (docs/decisions/039): SMTP through nodemailer when SMTP_URL is set, else the
 * embedded mailbox, which sends nothing: the `correos` table keeps every message and
 * /dev/correos shows it.
 */
export interface MailPort {
  readonly nombre: 'smtp' | 'buzon';
  /** Throws when the transport refused or could not be reached (the job retries). */
  enviar(mensaje: MensajeSaliente): Promise<{ idExterno: string | null }>;
  close?(): Promise<void>;
}
