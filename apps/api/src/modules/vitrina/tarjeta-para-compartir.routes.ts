import {
  errorBodySchema,
  grupoIdParamsSchema,
  productoIdParamsSchema,
  texto,
} from '@compra-grupal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { TARJETA } from './tarjeta-para-compartir';
import type { TarjetaParaCompartir } from './tarjeta-para-compartir.service';

/**
 * How long a crawler or a proxy may keep a card without asking: short, since a place taken
 * changes it; asking again costs a 304 when nothing changed.
 */
export const CACHE_DE_TARJETA = 'public, max-age=300';

/** `?v=`: the version the page's og:image carries (only a crawler's cache reads it). */
const versionQuerySchema = z.object({
  v: texto({ max: 64 })
    .optional()
    .describe('Versión de la tarjeta que nombra la página (la ignora el servidor)'),
});

const png = {
  description: `Imagen PNG de ${TARJETA.ancho} × ${TARJETA.alto} px`,
  content: {
    [TARJETA.tipo]: {
      schema: z.string().meta({ format: 'binary' }).describe('La tarjeta en PNG'),
    },
  },
};
const sinCambios = {
  description: 'La tarjeta no cambió desde la `ETag` de `If-None-Match` (sin cuerpo)',
  content: { [TARJETA.tipo]: { schema: z.string().max(0) } },
};

const DESCRIPCIONES = {
  200: 'La tarjeta, con su `ETag`',
  304: 'La tarjeta no cambió (sin cuerpo)',
};

/** The card as an answer: a 304 when the caller has it, else the PNG (drawn or kept). */
async function responder(
  request: FastifyRequest,
  reply: FastifyReply,
  tarjeta: TarjetaParaCompartir,
) {
  reply.header('cache-control', CACHE_DE_TARJETA).header('etag', tarjeta.etiqueta);
  const tiene = request.headers['if-none-match']
    ?.split(',')
    .some((etiqueta) => etiqueta.trim().replace(/^W\//, '') === tarjeta.etiqueta);
  if (tiene) return reply.code(304).send();
  return reply.type(TARJETA.tipo).send(await tarjeta.png());
}

/**
 * `/api/compartir/…`: the share cards the pages' og:image names (docs/decisions/053), public
 * and under /api's rate limit like every public answer.
 */
export const tarjetaParaCompartirRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.tarjetasParaCompartir;

  app.get(
    '/grupo/:groupId.png',
    {
      schema: {
        operationId: 'obtenerTarjetaDeGrupo',
        responseDescriptions: {
          ...DESCRIPCIONES,
          404: 'El grupo no existe, su producto fue retirado o su tienda no está habilitada',
        },
        tags: ['compartir'],
        summary:
          'Tarjeta para compartir un grupo (1200 × 630 PNG): foto, nombre, precio, lugares y tiempo que queda',
        params: grupoIdParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: png, 304: sinCambios, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      responder(request, reply, await service.deGrupo(actorOf(request), request.params.groupId)),
  );

  app.get(
    '/producto/:productoId.png',
    {
      schema: {
        operationId: 'obtenerTarjetaDeProducto',
        responseDescriptions: {
          ...DESCRIPCIONES,
          404: 'El producto no existe, fue retirado o su tienda no está habilitada',
        },
        tags: ['compartir'],
        summary:
          'Tarjeta para compartir un producto (1200 × 630 PNG) con su grupo abierto, si tiene',
        params: productoIdParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: png, 304: sinCambios, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      responder(
        request,
        reply,
        await service.deProducto(actorOf(request), request.params.productoId),
      ),
  );
};
