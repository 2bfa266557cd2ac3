import {
  avisoParamsSchema,
  avisosLeidosResponseSchema,
  avisosPaginaSchema,
  avisosQuerySchema,
  cambiosDePreferenciasDeAvisoSchema,
  preferenciasDeAvisoSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

/** The signed-in user's notification center (docs/decisions/041): only their own. */
export const avisoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.aviso;
  const preHandler = app.guards.authenticate;
  const security = bearerSecurity;
  const tags = ['aviso'];

  app.get(
    '/',
    {
      preHandler,
      schema: {
        operationId: 'listarAvisos',
        responseDescriptions: { 200: 'Una página de notificaciones y cuántas no se leyeron' },
        tags,
        summary: 'Notificaciones del usuario, de la más nueva a la más vieja',
        description:
          'De a 20. `siguiente` es el `antesDe` de la página que sigue (null en la última). ' +
          'Un `antesDe` que no es una notificación del usuario responde 404.',
        security,
        querystring: avisosQuerySchema,
        response: { 200: avisosPaginaSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.listar(actorOf(request), request.query.antesDe),
  );

  app.post(
    '/leer-todos',
    {
      preHandler,
      schema: {
        operationId: 'leerTodosLosAvisos',
        responseDescriptions: { 200: 'Todas leídas; cuántas quedan sin leer (0)' },
        tags,
        summary: 'Marca como leídas todas las notificaciones del usuario',
        description: 'Las otras pestañas del usuario reciben `avisosLeidos` por tiempo real.',
        security,
        response: { 200: avisosLeidosResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.marcarTodos(actorOf(request)),
  );

  app.post(
    '/:avisoId/leido',
    {
      preHandler,
      schema: {
        operationId: 'marcarAvisoLeido',
        responseDescriptions: { 200: 'Leída; cuántas quedan sin leer' },
        tags,
        summary: 'Marca como leída una notificación',
        description:
          'Solo las propias: la de otro usuario responde 404, como una desconocida. Las otras ' +
          'pestañas del usuario reciben `avisosLeidos` por tiempo real.',
        security,
        params: avisoParamsSchema,
        response: { 200: avisosLeidosResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.marcarLeido(actorOf(request), request.params.avisoId),
  );

  app.get(
    '/preferencias',
    {
      preHandler,
      schema: {
        operationId: 'obtenerPreferenciasDeAviso',
        responseDescriptions: {
          200: 'Si se envía el correo de cada tipo de aviso y si llega a los dispositivos',
        },
        tags,
        summary: 'Preferencias de correo y de avisos en el dispositivo por tipo de aviso',
        description:
          'Todos los tipos. `email`: por defecto true; los esenciales siempre en true. `push` (avisos en los dispositivos suscritos, Web Push): por defecto true para grupo completo, grupo casi completo, tu grupo vence pronto, reembolso enviado y grupo completo para preparar; false para el resto.',
        security,
        response: { 200: preferenciasDeAvisoSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.preferencias(actorOf(request)),
  );

  app.put(
    '/preferencias',
    {
      preHandler,
      schema: {
        operationId: 'guardarPreferenciasDeAviso',
        responseDescriptions: { 200: 'Las preferencias de todos los tipos, ya guardadas' },
        tags,
        summary: 'Activa o desactiva el correo o el aviso en el dispositivo de los tipos indicados',
        description:
          'Los tipos (y canales) no indicados no cambian. Desactivar el correo de un tipo ' +
          'esencial responde 400 (AVISO_ESENCIAL) y no guarda nada; `push` se puede apagar en ' +
          'cualquier tipo.',
        security,
        body: cambiosDePreferenciasDeAvisoSchema,
        response: { 200: preferenciasDeAvisoSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.guardarPreferencias(actorOf(request), request.body),
  );
};
