import { ERROR_CODES, errorBodySchema, TIPOS_DE_AVISO } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { TOKEN_DE_BAJA_MAX } from './enlace-de-baja';
import { escapeHtml, paginaDeMarca } from './paginas';

const MENSAJE_INVALIDO =
  'El enlace para dejar de recibir correos no es válido. Podés elegir qué correos recibir desde las notificaciones de Compra Grupal.';

const querystring = z.object({
  token: z.string().min(1).max(TOKEN_DE_BAJA_MAX).meta({ example: 'eyJhbGciOiJIUzI1NiJ9.e30.x' }),
});

const pagina = (titulo: string, texto: string) =>
  paginaDeMarca({ titulo, cuerpo: `<h1>${escapeHtml(titulo)}</h1><p>${escapeHtml(texto)}</p>` });

/**
 * The unsubscribe link of every email that can be turned off (docs/decisions/039): GET is the
 * person clicking it (a page), POST is the mail client's one-click button (RFC 8058, its body
 * `List-Unsubscribe=One-Click` is not needed: the token says everything). Both turn that kind
 * of email off for that person; a bad token is a 400 with a Spanish message.
 */
export const correoRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058's body is a form (or multipart, which the app already parses); it is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  app.get(
    '/baja',
    {
      // A bad token answers the page with its message, not the JSON error.
      attachValidation: true,
      schema: {
        operationId: 'correoBaja',
        tags: ['correo'],
        summary:
          'Dejar de recibir un tipo de correo: el enlace «Dejar de recibir estos correos» de cada correo que no es esencial (HTML)',
        querystring,
        produces: ['text/html', 'application/json'],
        responseDescriptions: {
          200: 'La página que confirma la baja, en HTML',
          400: 'El enlace no es válido: una página que lo dice para el navegador (Accept: text/html), si no el error',
        },
        response: {
          200: z.string().describe('La página, en HTML'),
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const baja = request.validationError
        ? undefined
        : await app.services.correo.darDeBaja(request.query.token);
      reply.header('cache-control', 'no-store');
      if (!baja) {
        // A person who clicked an old or mangled link reads a page; anything else, the error.
        if (!request.headers.accept?.includes('text/html')) {
          throw new AppError(400, ERROR_CODES.solicitudInvalida, MENSAJE_INVALIDO);
        }
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(pagina('El enlace no es válido', MENSAJE_INVALIDO));
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(
          pagina(
            'Listo',
            `Listo: ya no vas a recibir correos de «${TIPOS_DE_AVISO[baja.tipo].nombre}». Podés volver a activarlos desde las notificaciones de Compra Grupal.`,
          ),
        );
    },
  );

  app.post(
    '/baja',
    {
      schema: {
        operationId: 'correoBajaUnClic',
        tags: ['correo'],
        summary:
          'Dejar de recibir un tipo de correo con un clic: el botón del programa de correo (RFC 8058, encabezado List-Unsubscribe-Post)',
        querystring,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        responseDescriptions: { 200: 'La baja quedó registrada' },
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const baja = await app.services.correo.darDeBaja(request.query.token);
      if (!baja) {
        throw new AppError(400, ERROR_CODES.solicitudInvalida, MENSAJE_INVALIDO);
      }
      return { ok: true as const };
    },
  );
};
