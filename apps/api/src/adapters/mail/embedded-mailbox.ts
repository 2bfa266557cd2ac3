import type { MailPort } from './mail.port';

/**
 * The embedded default: nothing leaves the machine. The sending job stores what it rendered in
 * the `correos` row, which is the mailbox /dev/correos shows (development and demo).
 */
export function createEmbeddedMailbox(): MailPort {
  return {
    nombre: 'buzon',
    async enviar() {
      return { idExterno: null };
    },
  };
}
