import { errorBodySchema, texto } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const cabecera = (value: string | string[] | undefined) =>
  typeof value === 'string' && value.length <= 512 ? value : undefined;

/** POST /api/pago/webhook: the provider's payment notifications (docs/decisions/025). */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.pago;
  app.post(
    '/webhook',
    {
      schema: {
        operationId: 'recibirNotificacionDePago',
        responseDescriptions: {
          200: 'Notificación recibida',
          401: 'La firma x-signature no es válida',
          503: 'El proveedor de pagos no está disponible',
        },
        tags: ['pago'],
        summary:
          'Notificaciones de Mercado Pago (firma x-signature); el pago se vuelve a leer del proveedor y se aplica una sola vez',
        querystring: z.object({
          'data.id': texto({ max: 64 }).optional(),
          type: texto({ max: 64 }).optional(),
        }),
        body: z
          .object({
            type: texto({ max: 64 }).optional(),
            data: z.object({ id: z.union([texto({ max: 64 }), z.number()]) }).optional(),
            user_id: z.union([texto({ max: 32 }), z.number()]).optional(),
          })
          .optional(),
        response: {
          200: z.object({ ok: z.literal(true) }),
          400: errorBodySchema,
          401: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      const cuerpo = request.body;
      await service.notificacion({
        dataId:
          request.query['data.id'] ??
          (cuerpo?.data?.id === undefined ? undefined : String(cuerpo.data.id)),
        tipo: request.query.type ?? cuerpo?.type,
        firma: cabecera(request.headers['x-signature']),
        requestId: cabecera(request.headers['x-request-id']),
        usuarioMp: cuerpo?.user_id === undefined ? undefined : String(cuerpo.user_id),
      });
      return { ok: true as const };
    },
  );
};
