import {
  accessTokenResponseSchema,
  ERROR_CODES,
  errorBodySchema,
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  loginRequestSchema,
  mensajeResponseSchema,
  RECUPERAR_CONTRASENIA_MENSAJE,
  recuperarContraseniaRequestSchema,
  registrarRequestSchema,
  registrarResponseSchema,
  restablecerContraseniaRequestSchema,
  telefonoRequestSchema,
  telefonoResponseSchema,
  userIdBodySchema,
  userIdParamsSchema,
  usuarioResponseSchema,
  verificarEmailQuerySchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';
import { tokenErrors } from './access-token';
import { createAuthLimits, createCuentaLimits } from './auth-rate-limit';
import { clearPendingLink, pendingLinkOf } from './google-auth.routes';
import { createSessionCookies, REFRESH_COOKIE } from './refresh-cookie';

export const usuarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app;
  const { usuario: usuarioService, sesion: sesionService, cuenta: cuentaService } = app.services;
  const session = createSessionCookies(app);
  // Stricter limits for credentials (auth-rate-limit.ts); login counts wrong passwords only.
  const { perIp, perEmail, login: loginThrottle } = await createAuthLimits(app);
  const cuentaLimits = createCuentaLimits(app);

  app.post(
    '/registrar',
    {
      preHandler: [perIp, perEmail],
      schema: {
        operationId: 'registrarUsuario',
        responseDescriptions: {
          201: 'Cuenta creada; la misma respuesta si el email ya tenía una (se le avisa a su dueño por correo)',
        },
        tags: ['usuario'],
        summary: 'Crea una cuenta (no inicia sesión) y le envía el enlace para verificar el correo',
        body: registrarRequestSchema,
        response: {
          201: registrarResponseSchema,
          429: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const usuario = await cuentaService.registrar(request.body);
      return reply.status(201).send({ mensaje: 'Usuario registrado correctamente', usuario });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        operationId: 'iniciarSesion',
        responseDescriptions: {
          200: 'El access token; la cookie de renovación viaja en Set-Cookie',
        },
        tags: ['usuario'],
        summary: 'Inicia sesión: access token y cookie de renovación',
        body: loginRequestSchema,
        response: {
          200: accessTokenResponseSchema,
          429: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { email, contrasenia } = request.body;
      const attempt = await loginThrottle.start(request, reply);
      let usuarioId: string;
      try {
        usuarioId = await usuarioService.login(email, contrasenia);
      } catch (error) {
        if (error instanceof AppError && error.code === ERROR_CODES.credencialesInvalidas) {
          await attempt.failed();
        } else {
          await attempt.discard();
        }
        throw error;
      }
      await attempt.discard();
      loginThrottle.rememberDevice(request, reply);
      // A Google sign-in of this browser waited for this account's password: link it now.
      const pending = pendingLinkOf(request);
      if (pending) {
        if (pending.email === email) await usuarioService.vincularGoogle(usuarioId, pending);
        clearPendingLink(reply);
      }
      return { accessToken: await session.start(reply, usuarioId) };
    },
  );

  app.post(
    '/refreshToken',
    {
      preHandler: [perIp],
      schema: {
        operationId: 'renovarToken',
        responseDescriptions: {
          200: 'Un access token nuevo; la cookie de renovación rotada viaja en Set-Cookie',
        },
        tags: ['usuario'],
        summary: 'Renueva el access token con la cookie (que se rota en cada uso)',
        response: {
          200: accessTokenResponseSchema,
          429: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      try {
        return { accessToken: await session.renew(reply, request.cookies[REFRESH_COOKIE]) };
      } catch (error) {
        session.clear(reply);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        operationId: 'cerrarSesion',
        responseDescriptions: { 200: 'Sesión cerrada' },
        tags: ['usuario'],
        summary: 'Cierra la sesión: revoca la cookie de renovación',
        response: { 200: mensajeResponseSchema },
      },
    },
    async (request, reply) => {
      await sesionService.revoke(request.cookies[REFRESH_COOKIE]);
      session.clear(reply);
      return { mensaje: 'Sesión cerrada' };
    },
  );

  app.get(
    '/verificar-email',
    {
      preHandler: [cuentaLimits.enlacePorIp],
      schema: {
        operationId: 'verificarEmail',
        summary: 'Verifica el correo con el enlace de un solo uso que se le envió (24 h)',
        responseDescriptions: {
          200: 'Correo verificado',
          400: 'El enlace no existe, ya se usó, venció o es de otra dirección (no dice cuál)',
        },
        tags: ['usuario'],
        querystring: verificarEmailQuerySchema,
        response: { 200: mensajeResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await cuentaService.verificarEmail(request.query.token);
      return { mensaje: 'Tu correo fue verificado' };
    },
  );

  app.post(
    '/reenviar-verificacion',
    {
      preHandler: [guards.authenticate, cuentaLimits.reenvioPorUsuario],
      schema: {
        operationId: 'reenviarVerificacion',
        summary: 'Envía de nuevo el enlace para verificar el correo de quien llama',
        responseDescriptions: {
          202: 'Enlace nuevo en camino (reemplaza a los anteriores)',
          409: 'El correo ya está verificado',
        },
        tags: ['usuario'],
        security: bearerSecurity,
        response: {
          202: mensajeResponseSchema,
          409: errorBodySchema,
          429: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!actor) throw tokenErrors.ausente();
      await cuentaService.reenviarVerificacion(actor.id);
      return reply.status(202).send({ mensaje: 'Te enviamos un enlace nuevo a tu correo.' });
    },
  );

  app.post(
    '/recuperar-contrasenia',
    {
      preHandler: [cuentaLimits.recuperacionPorIp, cuentaLimits.recuperacionPorEmail],
      schema: {
        operationId: 'recuperarContrasenia',
        summary: 'Pide el enlace para restablecer la contraseña (30 min, un solo uso)',
        description:
          'Responde lo mismo, y en el mismo tiempo, exista o no una cuenta con ese email: la ' +
          'búsqueda y el envío ocurren después, en un trabajo.',
        responseDescriptions: { 202: 'Si el correo está registrado, el enlace va en camino' },
        tags: ['usuario'],
        body: recuperarContraseniaRequestSchema,
        response: { 202: mensajeResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await cuentaService.pedirRecuperacion(request.body.email);
      return reply.status(202).send({ mensaje: RECUPERAR_CONTRASENIA_MENSAJE });
    },
  );

  app.post(
    '/restablecer-contrasenia',
    {
      preHandler: [cuentaLimits.enlacePorIp],
      schema: {
        operationId: 'restablecerContrasenia',
        summary: 'Elige una contraseña nueva con el enlace de recuperación',
        description:
          'Usa el enlace una sola vez, cierra la sesión en todos los dispositivos (revoca cada ' +
          'cookie de renovación) y avisa por correo.',
        responseDescriptions: {
          200: 'Contraseña cambiada',
          400: 'El enlace no existe, ya se usó, venció o es de otra dirección (no dice cuál), o la contraseña no cumple las reglas',
        },
        tags: ['usuario'],
        body: restablecerContraseniaRequestSchema,
        response: { 200: mensajeResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await cuentaService.restablecerContrasenia(request.body.token, request.body.contrasenia);
      return { mensaje: 'Tu contraseña cambió. Ingresá con la contraseña nueva.' };
    },
  );

  const ownBody = guards.ownUserInBody;
  const ownParams = guards.ownUserInParams;
  const security = bearerSecurity;

  app.post(
    '/esVendedor',
    {
      preHandler: ownBody,
      schema: {
        operationId: 'esVendedor',
        summary: 'Si el usuario es vendedor (tiene tienda)',
        responseDescriptions: { 200: 'Si el usuario es vendedor' },
        tags: ['usuario'],
        security,
        body: userIdBodySchema,
        response: { 200: esVendedorResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      esVendedor: await usuarioService.esVendedor(actorOf(request), request.body.userId),
    }),
  );

  app.post(
    '/convertirEnVendedor',
    {
      preHandler: ownBody,
      schema: {
        operationId: 'convertirEnVendedor',
        responseDescriptions: { 200: 'El usuario ya es vendedor' },
        tags: ['usuario'],
        summary: 'Confirma al usuario como vendedor una vez creada su tienda (idempotente)',
        security,
        body: userIdBodySchema,
        response: {
          200: esVendedorResponseSchema,
          409: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request) => ({
      esVendedor: await usuarioService.convertirEnVendedor(actorOf(request), request.body.userId),
    }),
  );

  app.post(
    '/esRepartidor',
    {
      preHandler: ownBody,
      schema: {
        operationId: 'esRepartidor',
        summary: 'Si el usuario es repartidor (ve los pedidos para entregar)',
        responseDescriptions: { 200: 'Si el usuario es repartidor' },
        tags: ['usuario'],
        security,
        body: userIdBodySchema,
        response: { 200: esRepartidorResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      esRepartidor: await usuarioService.esRepartidor(actorOf(request), request.body.userId),
    }),
  );

  app.post(
    '/esAdmin',
    {
      preHandler: ownBody,
      schema: {
        operationId: 'esAdmin',
        responseDescriptions: { 200: 'Si el usuario es del equipo' },
        tags: ['usuario'],
        summary: 'Si el usuario es del equipo de producto (ve la revisión de tiendas)',
        security,
        body: userIdBodySchema,
        response: { 200: esAdminResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      esAdmin: await usuarioService.esAdmin(actorOf(request), request.body.userId),
    }),
  );

  app.get(
    '/telefono/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'obtenerTelefono',
        summary: 'El teléfono de contacto del usuario',
        responseDescriptions: { 200: 'El teléfono del usuario' },
        tags: ['usuario'],
        security,
        params: userIdParamsSchema,
        response: { 200: telefonoResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      telefono: await usuarioService.telefono(actorOf(request), request.params.userId),
    }),
  );

  app.post(
    '/telefono/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'guardarTelefono',
        summary: 'Guarda el teléfono de contacto del usuario',
        responseDescriptions: { 200: 'El teléfono guardado' },
        tags: ['usuario'],
        security,
        params: userIdParamsSchema,
        body: telefonoRequestSchema,
        response: { 200: telefonoResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      telefono: await usuarioService.actualizarTelefono(
        actorOf(request),
        request.params.userId,
        request.body.telefono,
      ),
    }),
  );

  app.get(
    '/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'obtenerUsuario',
        summary: 'Los datos de la cuenta del usuario',
        responseDescriptions: { 200: 'Los datos del usuario' },
        tags: ['usuario'],
        security,
        params: userIdParamsSchema,
        response: { 200: usuarioResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      usuario: await usuarioService.perfil(actorOf(request), request.params.userId),
    }),
  );
};
