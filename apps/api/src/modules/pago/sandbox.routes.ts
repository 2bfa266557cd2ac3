import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The payments provider's own pages when it is the sandbox ('Modo de prueba', docs/decisions/018
 * and 025): the account link's consent page and the Checkout Pro page. The payments adapter
 * supplies them (`PaymentsPort.sandboxRoutes`, through the composition); with Mercado Pago, or
 * payments off, nothing is served here.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const paginas = app.services.proveedorDePagos.paginas;
  if (paginas) await app.register(paginas);
};
