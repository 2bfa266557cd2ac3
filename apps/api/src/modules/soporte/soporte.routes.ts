import { type Soporte, soporteSchema } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The support contact of the configuration (SUPPORT_PHONE, SUPPORT_EMAIL), public. */
export const createSoporteRoutes =
  (soporte: Soporte): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/soporte',
      {
        schema: {
          operationId: 'obtenerContactoDeSoporte',
          responseDescriptions: {
            200: 'El teléfono y el email de soporte configurados; null el que no lo está',
          },
          tags: ['sistema'],
          summary:
            'Contacto de soporte que muestran las pantallas (grupo cerrado, compra aprobada)',
          response: { 200: soporteSchema },
        },
      },
      async () => soporte,
    );
  };
