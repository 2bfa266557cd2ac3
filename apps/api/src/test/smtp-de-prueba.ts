import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, decoded enough for assertions. */
export interface MensajeRecibido {
  /** MAIL FROM and RCPT TO. */
  sobre: { de: string; para: string[] };
  /** Header names in lower case, values unfolded and decoded (RFC 2047). */
  encabezados: Record<string, string>;
  asunto: string;
  de: string;
  para: string;
  html: string;
  texto: string;
}

export interface SmtpDePrueba {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message accepted, in order. */
  recibidos: MensajeRecibido[];
  /** The next `veces` recipients are refused with this reply (451: for now; 550: for good). */
  rechazar(codigo: number, veces?: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server) for the API's tests: no TLS, no login, every
 * message kept and decoded. Tests that send mail start one and pass its `url` as SMTP_URL.
 */
export async function startSmtpDePrueba(): Promise<SmtpDePrueba> {
  const recibidos: MensajeRecibido[] = [];
  const rechazos: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onRcptTo(_address, _session, callback) {
      const codigo = rechazos.shift();
      if (codigo === undefined) return callback();
      const error = new Error(codigo >= 500 ? 'Mailbox unavailable' : 'Try again later');
      (error as Error & { responseCode: number }).responseCode = codigo;
      return callback(error);
    },
    onData(stream, session, callback) {
      const partes: Buffer[] = [];
      stream.on('data', (parte: Buffer) => partes.push(parte));
      stream.on('end', () => {
        recibidos.push(
          decodificar(Buffer.concat(partes).toString('utf8'), {
            de: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            para: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recibidos,
    rechazar(codigo, veces = 1) {
      for (let i = 0; i < veces; i++) rechazos.push(codigo);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers and body of one MIME entity. */
function separar(crudo: string): { encabezados: Record<string, string>; cuerpo: string } {
  const corte = crudo.search(/\r?\n\r?\n/);
  const cabecera = corte === -1 ? crudo : crudo.slice(0, corte);
  const cuerpo = corte === -1 ? '' : crudo.slice(corte).replace(/^\r?\n\r?\n/, '');
  const encabezados: Record<string, string> = {};
  for (const linea of cabecera.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const dos = linea.indexOf(':');
    if (dos > 0) {
      encabezados[linea.slice(0, dos).trim().toLowerCase()] = palabras(linea.slice(dos + 1).trim());
    }
  }
  return { encabezados, cuerpo };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
const palabras = (valor: string) =>
  valor
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_todo, _charset, modo: string, texto: string) =>
      modo.toUpperCase() === 'B'
        ? Buffer.from(texto, 'base64').toString('utf8')
        : citable(texto.replace(/_/g, ' ')),
    );

/** Quoted-printable to text (UTF-8). */
function citable(texto: string): string {
  const sinCortes = texto.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < sinCortes.length; i++) {
    const hex = sinCortes.slice(i + 1, i + 3);
    if (sinCortes[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(sinCortes[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function contenido(encabezados: Record<string, string>, cuerpo: string): string {
  const codificacion = (encabezados['content-transfer-encoding'] ?? '').toLowerCase();
  if (codificacion === 'base64') return Buffer.from(cuerpo, 'base64').toString('utf8');
  if (codificacion === 'quoted-printable') return citable(cuerpo);
  return cuerpo;
}

/** The text and HTML parts of a message (multipart/alternative or a single part). */
function partes(crudo: string, fuera: { html: string; texto: string }) {
  const { encabezados, cuerpo } = separar(crudo);
  const tipo = encabezados['content-type'] ?? 'text/plain';
  const limite = /boundary="?([^";]+)"?/i.exec(tipo)?.[1];
  if (tipo.toLowerCase().startsWith('multipart/') && limite) {
    for (const parte of cuerpo.split(`--${limite}`).slice(1)) {
      if (parte.startsWith('--')) break;
      partes(parte.replace(/^\r?\n/, ''), fuera);
    }
  } else if (tipo.toLowerCase().startsWith('text/html')) {
    fuera.html = contenido(encabezados, cuerpo);
  } else if (tipo.toLowerCase().startsWith('text/plain')) {
    fuera.texto = contenido(encabezados, cuerpo);
  }
}

function decodificar(crudo: string, sobre: MensajeRecibido['sobre']): MensajeRecibido {
  const { encabezados } = separar(crudo);
  const fuera = { html: '', texto: '' };
  partes(crudo, fuera);
  return {
    sobre,
    encabezados,
    asunto: encabezados.subject ?? '',
    de: encabezados.from ?? '',
    para: encabezados.to ?? '',
    ...fuera,
  };
}
