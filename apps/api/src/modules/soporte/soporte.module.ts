import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule } from '../api-module';
import { createSoporteRoutes } from './soporte.routes';

const soporteRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    createSoporteRoutes({
      telefono: app.config.SUPPORT_PHONE ?? null,
      email: app.config.SUPPORT_EMAIL ?? null,
    }),
  );
};

export const soporteModule = defineModule({
  name: 'soporte',
  routes: [{ prefix: '', plugin: soporteRoutes }],
});
