import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { esClienteLocal } from '../../lib/cliente-local';
import { BUZON_COOKIE } from './correo.ports';
import { escapeHtml, paginaDeMarca } from './paginas';

const fecha = new Intl.DateTimeFormat('es-AR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Argentina/Buenos_Aires',
});

const ESTADOS: Record<string, string> = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  fallido: 'Fallido',
  omitido: 'Omitido (apagado por la persona)',
};

const estado = (valor: string) =>
  `<span class="estado estado-${escapeHtml(valor)}">${escapeHtml(ESTADOS[valor] ?? valor)}</span>`;

/**
 * The mail's links open in the whole window, not inside the frame: the sandbox lets a click
 * navigate the top page (or a new tab) and nothing else. Only the viewer's copy changes.
 */
const enlacesArriba = (html: string) =>
  html
    .replace(/(<a\b[^>]*?)\s+target="[^"]*"/gi, '$1')
    .replace(/<head>/i, '<head><base target="_top">');

const SIN_SESION = `<h1>Correos (buzón de desarrollo)</h1>
<p>Este buzón muestra a cada persona solo los correos enviados a su cuenta. <a href="/login">Inicia sesión</a> en la app y vuelve a esta página.</p>`;

/**
 * The embedded mailbox's pages (docs/decisions/039), when DEV_MAILBOX is on (development, a
 * demo without SMTP_URL): the messages the app kept, newest first, and each one as it went
 * out (HTML in a sandboxed frame without scripts, and the text version). Everything shown is
 * escaped; a message's HTML goes into `srcdoc` as an escaped attribute.
 *
 * Who reads what (docs/decisions/050): a request from this machine itself reads every
 * message; anyone else only those sent to the address of the account they are signed in as
 * (the session's `buzonDe` cookie), so a public demo's visitor never reads another person's
 * reset link.
 */
export const buzonPages: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.DEV_MAILBOX) return;

  /** Whose mail this request may read: `todos`, one address, or nobody's (null). */
  async function lector(request: FastifyRequest): Promise<'todos' | string | null> {
    if (esClienteLocal(request)) return 'todos';
    const token = request.cookies[BUZON_COOKIE];
    if (!token) return null;
    try {
      const { userId } = await app.accessTokens.verify(token);
      const { email } = await app.services.usuario.perfil({ id: userId, roles: [] }, userId);
      return email.toLowerCase();
    } catch {
      return null;
    }
  }
  const puedeLeer = (quien: 'todos' | string, para: string) =>
    quien === 'todos' || para.toLowerCase() === quien;

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const quien = await lector(request);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (quien === null) {
      return reply.send(paginaDeMarca({ titulo: 'Correos', cuerpo: SIN_SESION }));
    }
    const correos = await app.services.correo.buzon(quien === 'todos' ? undefined : quien);
    const filas = correos
      .map(
        (correo) => `<tr>
<td>${escapeHtml(fecha.format(correo.creadoEn))}</td>
<td>${escapeHtml(correo.para)}</td>
<td><a href="/dev/correos/${encodeURIComponent(correo.id)}">${escapeHtml(correo.asunto)}</a></td>
<td>${estado(correo.estado)}</td>
</tr>`,
      )
      .join('\n');
    const cuerpo = `<h1>Correos (buzón de desarrollo)</h1>
<p class="nota">${
      quien === 'todos'
        ? `Los últimos ${correos.length} correos que guardó la app, del más nuevo al más viejo.`
        : `Los últimos ${correos.length} correos enviados a ${escapeHtml(quien)}, del más nuevo al más viejo.`
    } Con <code>SMTP_URL</code> salen por ese servidor; sin él no salen de esta máquina.</p>
${
  correos.length === 0
    ? '<p>Todavía no hay correos.</p>'
    : `<table><thead><tr><th scope="col">Fecha</th><th scope="col">Para</th><th scope="col">Asunto</th><th scope="col">Estado</th></tr></thead>
<tbody>
${filas}
</tbody></table>`
}`;
    return reply.send(paginaDeMarca({ titulo: 'Correos', cuerpo, ancho: 960 }));
  });

  app.get(
    '/:id',
    { schema: { hide: true, params: z.object({ id: z.string().max(64) }) } },
    async (request, reply) => {
      const quien = await lector(request);
      const correo =
        quien === null ? undefined : await app.services.correo.delBuzon(request.params.id);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      // Another person's message is answered as one that does not exist.
      if (!correo || quien === null || !puedeLeer(quien, correo.para)) {
        return reply.status(404).send(
          paginaDeMarca({
            titulo: 'Correo no encontrado',
            cuerpo:
              '<h1>Correo no encontrado</h1><p><a href="/dev/correos">Volver a los correos</a></p>',
          }),
        );
      }
      const cuerpo = `<p><a href="/dev/correos">← Todos los correos</a></p>
<h1>${escapeHtml(correo.asunto)}</h1>
<dl>
<dt>Para</dt><dd>${escapeHtml(correo.para)}</dd>
<dt>Fecha</dt><dd>${escapeHtml(fecha.format(correo.creadoEn))}</dd>
<dt>Estado</dt><dd>${estado(correo.estado)}</dd>
</dl>
<iframe title="${escapeHtml(`Correo: ${correo.asunto}`)}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(enlacesArriba(correo.html))}"></iframe>
<h2>Versión de texto</h2>
<pre>${escapeHtml(correo.texto)}</pre>`;
      return reply.send(paginaDeMarca({ titulo: correo.asunto, cuerpo, ancho: 960 }));
    },
  );
};
