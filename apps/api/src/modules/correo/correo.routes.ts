import { ERROR_CODES, errorBodySchema, TIPOS_DE_AVISO } from '@compra-grupal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { RUTA_DE_BAJA, TOKEN_DE_BAJA_MAX } from './enlace-de-baja';
import { escapeHtml, paginaDeMarca } from './paginas';

const MENSAJE_INVALIDO =
  'El enlace para dejar de recibir correos no es válido. Podés elegir qué correos recibir desde las notificaciones de Compra Grupal.';

const querystring = z.object({
  token: z
    .string()
    .min(1)
    .max(TOKEN_DE_BAJA_MAX)
    .regex(/^[\w.-]+$/)
    .meta({ example: 'eyJhbGciOiJIUzI1NiJ9.e30.x' }),
});

const pagina = (titulo: string, texto: string, extra = '') =>
  paginaDeMarca({
    titulo,
    cuerpo: `<h1>${escapeHtml(titulo)}</h1><p>${escapeHtml(texto)}</p>${extra}`,
  });

const invalido = (request: FastifyRequest, reply: FastifyReply) => {
  // A person who clicked an old or mangled link reads a page; anything else, the error.
  if (!request.headers.accept?.includes('text/html')) {
    throw new AppError(400, ERROR_CODES.solicitudInvalida, MENSAJE_INVALIDO);
  }
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .send(pagina('El enlace no es válido', MENSAJE_INVALIDO));
};

/**
 * The unsubscribe link of every email that can be turned off (docs/decisions/039 and 050).
 * GET is a person (or a mail scanner) opening the link: a page that asks, with a button, and
 * changes nothing. POST changes the preference: that button, or the mail client's one-click
 * (RFC 8058; its body `List-Unsubscribe=One-Click` is not needed, the token says everything).
 * A bad token is a 400 with a Spanish message.
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
          'Dejar de recibir un tipo de correo: el enlace «Dejar de recibir estos correos» de cada correo que no es esencial abre una página que pregunta (HTML); no cambia nada',
        querystring,
        produces: ['text/html', 'application/json'],
        responseDescriptions: {
          200: 'La página que pregunta, con el botón que confirma la baja (POST), en HTML',
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
        : await app.services.correo.leerBaja(request.query.token);
      reply.header('cache-control', 'no-store');
      if (!baja) return invalido(request, reply);
      const accion = `${RUTA_DE_BAJA}?token=${encodeURIComponent(request.query.token)}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          pagina(
            '¿Dejar de recibir estos correos?',
            `Vas a dejar de recibir correos de «${TIPOS_DE_AVISO[baja.tipo].nombre}». Podés volver a activarlos desde las notificaciones de Compra Grupal.`,
            `<form method="post" action="${escapeHtml(accion)}"><button type="submit">Dejar de recibir estos correos</button></form>`,
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
          'Dejar de recibir un tipo de correo: el botón de la página de baja, o el del programa de correo con un clic (RFC 8058, encabezado List-Unsubscribe-Post)',
        querystring,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        produces: ['application/json', 'text/html'],
        responseDescriptions: {
          200: 'La baja quedó registrada: `{ok: true}`, o la página que lo dice para el navegador (Accept: text/html)',
        },
        response: { 200: z.union([z.object({ ok: z.literal(true) }), z.string()]) },
      },
    },
    async (request, reply) => {
      const baja = await app.services.correo.darDeBaja(request.query.token);
      reply.header('cache-control', 'no-store');
      if (!baja) return invalido(request, reply);
      if (!request.headers.accept?.includes('text/html')) return { ok: true as const };
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
};
