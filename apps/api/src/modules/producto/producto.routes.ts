import {
  crearProductoCamposSchema,
  editarProductoCamposSchema,
  errorBodySchema,
  esPropietarioResponseSchema,
  mensajeResponseSchema,
  productoEnVentaSchema,
  productoGuardadoResponseSchema,
  productoIdParamsSchema,
  productosDelVendedorResponseSchema,
  productoYUsuarioParamsSchema,
  userIdParamsSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';
import { readMultipartForm } from '../../lib/multipart-form';

/** Spec part 2, section 8: the product wizard's and the edit dialog's success texts. */
export const PRODUCTO_MENSAJES = {
  creado: '¡Producto cargado exitosamente!',
  actualizado: 'El producto se ha actualizado correctamente',
  retirado: 'Producto retirado de la venta',
} as const;

export const productoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.producto;
  const ownParams = app.guards.ownUserInParams;

  app.post(
    '/crear',
    {
      // `vendedorId` and `tiendaId` are checked by the service: the form is read in the handler.
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'crearProducto',
        responseDescriptions: { 201: 'Producto cargado y su primer grupo abierto' },
        multipart: {
          fields: crearProductoCamposSchema,
          file: { name: 'imagen', required: true, description: 'La foto del producto' },
        },
        tags: ['producto'],
        summary:
          'Carga un producto en la tienda del vendedor (multipart: campos de CrearProductoCampos y el archivo imagen) y abre su primer grupo de compra. Tienda propia, habilitada y con Mercado Pago vinculado (403 TIENDA_NO_HABILITADA / MERCADOPAGO_NO_VINCULADO)',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: {
          201: productoGuardadoResponseSchema,
          413: errorBodySchema,
          415: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { campos, archivo } = await readMultipartForm(
        request,
        crearProductoCamposSchema,
        'imagen',
      );
      const producto = await service.crear(actorOf(request), campos, archivo);
      return reply.status(201).send({ mensaje: PRODUCTO_MENSAJES.creado, producto });
    },
  );

  app.get(
    '/vendedor/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'listarProductosDelVendedor',
        responseDescriptions: { 200: 'Los productos del vendedor' },
        tags: ['producto'],
        summary:
          'Los productos del vendedor (Mis Productos), sin los retirados, el más nuevo primero',
        security: bearerSecurity,
        params: userIdParamsSchema,
        response: { 200: productosDelVendedorResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.delVendedor(actorOf(request), request.params.userId),
  );

  app.get(
    '/esPropietario/:productoId/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'esPropietarioDelProducto',
        responseDescriptions: { 200: 'Si el usuario vende el producto' },
        tags: ['producto'],
        summary: 'Si el usuario vende el producto (panel del propietario)',
        security: bearerSecurity,
        params: productoYUsuarioParamsSchema,
        response: { 200: esPropietarioResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      esPropietario: await service.esPropietario(
        actorOf(request),
        request.params.productoId,
        request.params.userId,
      ),
    }),
  );

  app.get(
    '/:productoId',
    {
      schema: {
        operationId: 'obtenerProducto',
        responseDescriptions: { 200: 'El producto', 404: 'El producto no existe o fue retirado' },
        tags: ['producto'],
        summary: 'Un producto en venta (público; 404 si fue retirado)',
        params: productoIdParamsSchema,
        response: { 200: productoEnVentaSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => service.obtener(actorOf(request), request.params.productoId),
  );

  app.put(
    '/:productoId',
    {
      // The product's seller is checked before the form is read (and again by the service).
      preHandler: [
        app.guards.authenticate,
        async (request) => {
          const { productoId } = request.params as { productoId: string };
          await service.verificarDuenio(actorOf(request), productoId);
        },
      ],
      schema: {
        operationId: 'editarProducto',
        responseDescriptions: { 200: 'Producto actualizado', 409: 'El producto fue retirado' },
        multipart: {
          fields: editarProductoCamposSchema,
          file: { name: 'imagen', required: false, description: 'La foto nueva, si cambia' },
        },
        tags: ['producto'],
        summary:
          'Edita un producto del vendedor (multipart: campos de EditarProductoCampos y, si cambia, el archivo imagen). cantidadTotalGrupo vale para los grupos que se abran después; 409 PRODUCTO_NO_MODIFICABLE si fue retirado',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        params: productoIdParamsSchema,
        response: {
          200: productoGuardadoResponseSchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request) => {
      const { campos, archivo } = await readMultipartForm(
        request,
        editarProductoCamposSchema,
        'imagen',
      );
      const producto = await service.editar(
        actorOf(request),
        request.params.productoId,
        campos,
        archivo,
      );
      return { mensaje: PRODUCTO_MENSAJES.actualizado, producto };
    },
  );

  app.delete(
    '/:productoId',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'retirarProducto',
        responseDescriptions: {
          200: 'Producto retirado',
          409: 'Su grupo abierto tiene lugares pagados',
        },
        tags: ['producto'],
        summary:
          'Retira el producto de la venta (deja de listarse y venderse) y cancela su grupo abierto si está vacío. 409 PRODUCTO_CON_LUGARES_PAGADOS si su grupo abierto tiene lugares pagados; 404 si ya fue retirado',
        security: bearerSecurity,
        params: productoIdParamsSchema,
        response: {
          200: mensajeResponseSchema,
          409: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request) => {
      await service.retirar(actorOf(request), request.params.productoId);
      return { mensaje: PRODUCTO_MENSAJES.retirado };
    },
  );
};
