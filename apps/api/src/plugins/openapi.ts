import * as contratos from '@compra-grupal/contracts';
import { errorBodySchema } from '@compra-grupal/contracts';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { MULTIPART_LIMITS } from '../lib/multipart-form';
import { bodyExample } from './openapi-body-examples';
import { isDocumented, registerContractCheck } from './openapi-contract';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: what each status of `response` means to the caller (the OpenAPI
     * response's description). The shared error statuses have one text each (below).
     */
    responseDescriptions?: Readonly<Record<number, string>>;
    /**
     * Documentation only: the statuses this route answers with a redirect (no body, a
     * `Location` header), and where it sends the browser.
     */
    redirects?: Readonly<Record<number, string>>;
    /**
     * Documentation only: a multipart/form-data request (read by the handler with
     * lib/multipart-form.ts, never by Fastify's validator). Its text fields, checked with
     * `fields`, and its one optional or required image file.
     */
    multipart?: {
      fields: z.ZodType;
      file: { name: string; required: boolean; description: string };
    };
    /**
     * Documentation only: an application/x-www-form-urlencoded body, read and checked by the
     * handler (a browser's form post, answered with a redirect).
     */
    form?: z.ZodType;
  }
}

/** The text of each shared error status, wherever it is listed. */
export const SHARED_ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Los datos enviados no son válidos (`detalles` nombra cada campo) o la solicitud está mal formada',
  401: 'Falta el token de acceso, es inválido o venció',
  403: 'La cuenta no tiene permiso para esta acción',
  404: 'No existe lo que se pidió',
  409: 'El estado actual no permite la acción',
  413: 'La solicitud supera el tamaño permitido',
  415: 'El tipo de contenido de la solicitud no está soportado',
  422: 'Los datos son válidos pero no se pueden procesar',
  429: 'Demasiadas solicitudes: `Retry-After` dice cuántos segundos esperar',
  500: 'Error interno (el detalle queda solo en el registro del servidor)',
  502: 'El servicio externo no respondió como se esperaba',
  503: 'Un servicio del que depende no está disponible',
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Adds to a route's `response` the shared error statuses it can answer, each with the one
 * error schema of the contracts (so its body is serialized and checked like any other):
 * 429 (the rate limit of /api), 500 and 503 everywhere; 400, 413 and 415 where a body is read (a
 * malformed, oversized or foreign body is refused before the handler); 400 where a path,
 * query or header is validated (unless the route attaches the validation error); 401 and 403 where a Bearer token is required; 404 where the
 * path names a resource. Statuses a route lists itself are kept.
 */
function addSharedErrorResponses(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!isDocumented(route.url, route.schema)) return;
  route.schema ??= {};
  const schema = route.schema;
  schema.response ??= {};
  const response = schema.response as Record<string, unknown>;
  const add = (status: number) => {
    if (!(String(status) in response)) response[status] = errorBodySchema;
  };
  const readsBody = methods.some((method) => BODY_METHODS.has(method));
  if (readsBody) [400, 413, 415].forEach(add);
  // A route that attaches validation errors handles them itself (a redirect, for a browser).
  const validated = schema.params || schema.querystring || schema.headers || schema.body;
  if (validated && !route.attachValidation) add(400);
  if (schema.security?.length) [401, 403].forEach(add);
  if (schema.params) add(404);
  add(429);
  add(500);
  // The database away or silent (plugins/error-handler.ts), and readiness while draining.
  add(503);
}

const FILE_SIZE_MB = MULTIPART_LIMITS.fileSize / 1024 / 1024;

/**
 * The zod transform of fastify-type-provider-zod, plus what zod cannot say: the description
 * of every response, the redirects, and the multipart body of the form routes.
 */
const createTransform = (
  examples: Map<string, unknown>,
  optionalBodies: Set<string>,
  schemaRegistry: z.core.$ZodRegistry<z.core.GlobalMeta>,
): SwaggerTransform => {
  const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry });
  return (document) => {
    if (!document.schema) return jsonSchemaTransform(document);
    const { responseDescriptions, redirects, multipart, form, ...schema } =
      document.schema as typeof document.schema & {
        responseDescriptions?: Record<number, string>;
        redirects?: Record<number, string>;
        multipart?: {
          fields: z.ZodType;
          file: { name: string; required: boolean; description: string };
        };
        form?: z.ZodType;
      };
    // An example for each JSON body, keyed by method and path as the document writes them.
    const keys = [document.route.method]
      .flat()
      .map((method) => `${method.toLowerCase()} ${document.url.replace(/:(\w+)/g, '{$1}')}`);
    const example = multipart ? undefined : bodyExample(schema.body);
    if (example !== undefined) for (const key of keys) examples.set(key, example);
    // A body the route also takes absent (Fastify validates it as null: `.nullish()`), which
    // @fastify/swagger would call required.
    if (schema.body instanceof $ZodType && safeParse(schema.body, null).success) {
      for (const key of keys) optionalBodies.add(key);
    }
    const result = jsonSchemaTransform({
      ...document,
      schema: multipart
        ? { ...schema, body: multipart.fields }
        : form
          ? { ...schema, body: form }
          : schema,
    });
    const out = result.schema as Record<string, unknown> & {
      body?: unknown;
      response?: Record<string, Record<string, unknown>>;
    };
    if (multipart && out.body) {
      const { name, required, description } = multipart.file;
      out.body = {
        allOf: [
          out.body,
          {
            type: 'object',
            properties: {
              [name]: {
                type: 'string',
                format: 'binary',
                description: `${description}: JPEG, PNG, GIF o WEBP (se lee el contenido, no el nombre), hasta ${FILE_SIZE_MB} MB`,
              },
            },
            ...(required ? { required: [name] } : {}),
          },
        ],
        description: `Formulario multipart/form-data: un solo archivo (${name}), hasta ${MULTIPART_LIMITS.fields} campos de texto de ${MULTIPART_LIMITS.fieldSize / 1024} KB como máximo cada uno`,
      };
    }
    if (form && out.body) {
      out.body = {
        ...(out.body as object),
        description: 'Formulario application/x-www-form-urlencoded (lo envía el navegador)',
      };
    }
    if (out.response || redirects) {
      out.response ??= {};
      const response = out.response;
      for (const [status, json] of Object.entries(response)) {
        const description =
          responseDescriptions?.[Number(status)] ?? SHARED_ERROR_DESCRIPTIONS[Number(status)];
        // Beside a `$ref` only `description` survives (@fastify/swagger drops a ref's siblings).
        const key = '$ref' in json ? 'description' : 'x-response-description';
        if (description) response[status] = { ...json, [key]: description };
        if (status === '429' || status === '503') {
          response[status] = {
            ...response[status],
            headers: {
              'retry-after': { type: 'integer', description: 'Segundos hasta poder reintentar' },
            },
          };
        }
      }
      for (const [status, description] of Object.entries(redirects ?? {})) {
        response[status] = {
          type: 'null',
          description,
          headers: { location: { type: 'string', description: 'A dónde va el navegador' } },
        };
      }
    }
    return result;
  };
};

const REF = '#/components/schemas/';

/** Every `$ref` name inside a JSON value. */
function refsOf(value: unknown, found = new Set<string>()): Set<string> {
  JSON.stringify(value, (key, inner) => {
    if (key === '$ref' && typeof inner === 'string' && inner.startsWith(REF)) {
      found.add(inner.slice(REF.length));
    }
    return inner;
  });
  return found;
}

/** A JSON value with its `$ref`s renamed. */
const renamed = <T>(value: T, names: Map<string, string>): T =>
  JSON.parse(JSON.stringify(value), (key, inner) =>
    key === '$ref' && typeof inner === 'string' && names.has(inner.slice(REF.length))
      ? REF + names.get(inner.slice(REF.length))
      : inner,
  );

/**
 * One component per shape. fastify-type-provider-zod emits every registered schema twice, as
 * read (`XInput`) and as written (`X`); where both are the same JSON schema the `Input` copy
 * is dropped and its references point at `X`. Components nothing references are dropped too,
 * and an `XInput` left alone is named `X`.
 */
export function oneComponentPerShape<T extends { paths?: unknown; components?: unknown }>(
  document: T,
): T {
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  const schemas = components.schemas ?? {};
  let merge = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const base = name.replace(/Input$/, '');
    if (base !== name && base in schemas) merge.set(name, base);
  }
  // Merging one pair may depend on merging another (an object holding a registered field):
  // drop the pairs that differ, under the merges still assumed, until none changes.
  for (;;) {
    const kept = new Map(
      [...merge].filter(
        ([input, base]) =>
          JSON.stringify(renamed(schemas[input], merge)) ===
          JSON.stringify(renamed(schemas[base], merge)),
      ),
    );
    if (kept.size === merge.size) break;
    merge = kept;
  }
  const paths = renamed(document.paths, merge);
  const merged: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!merge.has(name)) merged[name] = renamed(schema, merge);
  }
  // What the paths reach, through the components.
  const reached = new Set<string>();
  const pending = [...refsOf(paths)];
  while (pending.length) {
    const name = pending.pop() as string;
    if (reached.has(name)) continue;
    reached.add(name);
    pending.push(...refsOf(merged[name]));
  }
  // A shape only ever read keeps its plain name: `XInput` is `X` when no `X` is left.
  const plain = new Map<string, string>();
  for (const name of reached) {
    const base = name.replace(/Input$/, '');
    if (base !== name && !reached.has(base)) plain.set(name, base);
  }
  return {
    ...document,
    paths: renamed(paths, plain),
    components: {
      ...components,
      schemas: Object.fromEntries(
        Object.entries(merged)
          .filter(([name]) => reached.has(name))
          .map(([name, schema]) => [plain.get(name) ?? name, renamed(schema, plain)]),
      ),
    },
  };
}

const createTransformObject = (
  examples: Map<string, unknown>,
  optionalBodies: Set<string>,
  schemaRegistry: z.core.$ZodRegistry<z.core.GlobalMeta>,
): SwaggerTransformObject => {
  const jsonSchemaTransformObject = createJsonSchemaTransformObject({ schemaRegistry });
  return (document) => {
    const result = oneComponentPerShape(
      jsonSchemaTransformObject(document) as {
        paths?: Record<
          string,
          Record<
            string,
            {
              requestBody?: {
                required?: boolean;
                content?: Record<string, { example?: unknown }>;
              };
            }
          >
        >;
      },
    );
    for (const [path, methods] of Object.entries(result.paths ?? {})) {
      for (const [method, operation] of Object.entries(methods)) {
        if (operation.requestBody && optionalBodies.has(`${method} ${path}`)) {
          operation.requestBody.required = false;
        }
        const media = operation.requestBody?.content?.['application/json'];
        const example = examples.get(`${method} ${path}`);
        if (media && media.example === undefined && example !== undefined) media.example = example;
      }
    }
    return result as ReturnType<SwaggerTransformObject>;
  };
};

/**
 * The contracts' schemas with an id, as this API imported them, for the document's components.
 * Not zod's global registry as it stands: zod keeps one for every copy of itself and of the
 * contracts, and another copy (the web's server-side bundle, or a test's fresh module graph)
 * registers the same ids again, each replacing the API's; the document then failed with
 * 'Duplicate schema id' (500). Every id the contracts give is on an exported schema.
 */
function registroDeLaApi(): z.core.$ZodRegistry<z.core.GlobalMeta> {
  type Interno = { _map: WeakMap<object, z.core.GlobalMeta>; _idmap: Map<string, unknown> };
  const ids = new Map<string, unknown>();
  for (const valor of Object.values(contratos)) {
    const id = valor instanceof z.ZodType ? z.globalRegistry.get(valor)?.id : undefined;
    if (id) ids.set(id, valor);
  }
  const propio = z.registry<z.core.GlobalMeta>();
  // Every schema's metadata stays the global one; only the list of ids is the API's.
  Object.assign(propio, {
    _map: (z.globalRegistry as unknown as Interno)._map,
    _idmap: ids,
  } satisfies Interno);
  return propio;
}

/**
 * The OpenAPI document, generated from the zod contracts of every route (`app.swagger()`),
 * and served at /api/docs when enabled (by default outside production). Registered before the
 * routes: it completes their shared error responses, and under tests it checks every answer
 * against them (openapi-contract.ts).
 */
export async function registerOpenApi(app: FastifyInstance, serve: boolean): Promise<void> {
  app.addHook('onRoute', addSharedErrorResponses);
  // `config` is absent when a test builds a bare app around a few routes.
  if ((app.config as FastifyInstance['config'] | undefined)?.NODE_ENV === 'test') {
    registerContractCheck(app);
  }
  const examples = new Map<string, unknown>();
  const optionalBodies = new Set<string>();
  const registro = registroDeLaApi();
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Compra Grupal API',
        description:
          'API del marketplace de compras grupales. Errores: `{ error, mensaje, code }` (esquema `Error`) con el estado HTTP correspondiente; toda ruta bajo /api responde 429 pasado el límite de solicitudes.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: createTransform(examples, optionalBodies, registro),
    transformObject: createTransformObject(examples, optionalBodies, registro),
  });
  if (!serve) return;
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
