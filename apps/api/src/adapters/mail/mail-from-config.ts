import { type Config, remitenteDe } from '../../config';
import { createEmbeddedMailbox } from './embedded-mailbox';
import type { MailPort } from './mail.port';
import { createSmtpMail } from './smtp-mail';

/** SMTP when SMTP_URL is set (docs/decisions/039), else the embedded mailbox. */
export function createMail(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>,
): MailPort {
  if (!config.SMTP_URL) return createEmbeddedMailbox();
  return createSmtpMail({ url: config.SMTP_URL, remitente: remitenteDe(config) });
}
