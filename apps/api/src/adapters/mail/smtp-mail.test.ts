import { describe, expect, it } from 'vitest';
import { createMail } from './mail-from-config';
import { esRechazoPermanente } from './smtp-mail';

describe('the mail transport', () => {
  it('is SMTP when SMTP_URL is set, else the embedded mailbox', async () => {
    const buzon = createMail({ PUBLIC_URL: 'http://localhost:3000' });
    expect(buzon.nombre).toBe('buzon');
    expect(await buzon.enviar({ para: 'a@b.com', asunto: 'x', html: '', texto: '' })).toEqual({
      idExterno: null,
    });
    const smtp = createMail({
      PUBLIC_URL: 'http://localhost:3000',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(smtp.nombre).toBe('smtp');
    await smtp.close?.();
  });

  it('takes a 5xx about the message as final, and a refused login or a 4xx as transient', () => {
    const error = (code: string, responseCode?: number) =>
      Object.assign(new Error('x'), { code, responseCode });
    expect(esRechazoPermanente(error('EENVELOPE', 550))).toBe(true);
    expect(esRechazoPermanente(error('EMESSAGE', 554))).toBe(true);
    expect(esRechazoPermanente(error('EAUTH', 535))).toBe(false);
    expect(esRechazoPermanente(error('EENVELOPE', 451))).toBe(false);
    expect(esRechazoPermanente(error('ECONNECTION'))).toBe(false);
    expect(esRechazoPermanente(undefined)).toBe(false);
  });
});
