import { ERRORES_DE_PERIODO } from '@compra-grupal/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from '../db/schema';
import { demoVendedorEmail } from '../demo/demo-tiendas';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../demo/demo-usuarios';
import { contractViolations } from '../plugins/openapi-contract';
import { type LoggedIn, login } from '../test/auth-helpers';
import {
  type Broken,
  FilePart,
  type SchemaArbitraries,
  schemaArbitraries,
} from '../test/openapi-arbitraries';
import {
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  openApiExamples,
} from '../test/openapi-examples';
import { productoYGrupoDemo } from '../test/producto-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * What Schemathesis does, here: every operation of the OpenAPI document the app generates from
 * its contracts is called with requests built from the document's own schemas (fast-check,
 * test/openapi-arbitraries.ts), valid ones and ones with one part broken, as five roles. Every
 * answer must be a status the document lists for the operation, with a body its schema for
 * that status accepts (Ajv), and never a 5xx; a valid request is not refused as invalid (400),
 * and a broken one is refused (4xx). Deterministic: a fixed seed per operation, role and kind.
 * A valid request may be refused for a business reason only where `BUSINESS` says why, or for
 * an id the generator made up (`refusedForItsIds`); a role-only operation answers other roles
 * 403 (`ONLY`). CONTRATO_DETALLE=1 also prints the refusals let through and the operations that
 * no valid request got past.
 */

const SEED = 20_240_611;
/** Requests per operation and role: valid ones, and ones with one part broken. */
const VALID_RUNS = 6;
const INVALID_RUNS = 6;

const ROLES = ['anónimo', 'comprador', 'vendedor', 'repartidor', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** The id format of the contracts (`idSchema`): a field with it names a resource. */
const ID_PATTERN = '^[0-9a-f]{24}$';

/** The codes of an id that names nothing. */
const NO_ENCONTRADO = /_NO_ENCONTRAD[OA]$/;

/** Why a valid request may still be refused; `when` narrows it to the answers it explains. */
type Allowance = string | { why: string; when: (res: LightMyRequestResponse) => boolean };

/**
 * Business answers a valid request may get, by operation and code, and why a request the
 * document calls valid is still refused. An id the generator made up (naming nothing, or
 * someone else's resource) needs no entry: see `refusedForItsIds`.
 */
const BUSINESS: Record<string, Record<string, Allowance>> = {
  'GET /api/usuario/verificar-email': {
    ENLACE_DE_CUENTA_INVALIDO: 'a made-up token names no link that was mailed',
  },
  'POST /api/usuario/restablecer-contrasenia': {
    ENLACE_DE_CUENTA_INVALIDO: 'a made-up token names no link that was mailed',
  },
  'GET /api/correo/baja': { SOLICITUD_INVALIDA: 'a made-up unsubscribe token is not signed' },
  'POST /api/correo/baja': { SOLICITUD_INVALIDA: 'a made-up unsubscribe token is not signed' },
  'POST /api/usuario/login': {
    CREDENCIALES_INVALIDAS: 'a generated email or password matches no account',
  },
  'POST /api/usuario/recuperar-contrasenia': {
    DEMASIADAS_SOLICITUDES:
      'five recovery mails per address and window (decision 040): the caller’s own address is drawn most times',
  },
  'POST /api/usuario/refreshToken': {
    SESION_INVALIDA: 'the refresh token travels in a cookie, not in the document: none is sent',
  },
  'POST /api/usuario/reenviar-verificacion': {
    EMAIL_YA_VERIFICADO: 'the demo accounts are verified',
  },
  'POST /api/usuario/convertirEnVendedor': {
    TIENDA_REQUERIDA: 'a seller is someone with a store, and the caller has none',
  },
  'GET /api/oauth/mercadopago/iniciar/{userId}': {
    TIENDA_REQUERIDA: 'only the owner of a store links Mercado Pago',
  },
  'POST /api/tienda/crear': {
    TIENDA_EXISTENTE:
      'one store per person: the caller has one (the demo seller, or an earlier request opened it)',
  },
  'PUT /api/tienda/editar-categorias/{tiendaId}': {
    VALIDACION: {
      why: 'a category listed twice: JSON Schema cannot say "unique by _id" (uniqueItems compares whole items)',
      when: (res) =>
        ((res.json() as { detalles?: { campo: string }[] }).detalles ?? []).every((d) =>
          /^categoriasLocales\.\d+\._id$/.test(d.campo),
        ),
    },
  },
  'POST /api/grupoDeCompra/cerrarGrupo/{groupId}': {
    GRUPO_YA_CERRADO: 'an earlier request closed the group',
  },
  'POST /api/pago/crearPreferencia': {
    STOCK_INSUFICIENTE: 'generated quantities go up to 1000',
    ENVIO_NO_DISPONIBLE: 'a generated carrier or service is not offered from that store',
  },
  'POST /api/pago/webhook': {
    FIRMA_INVALIDA: "Mercado Pago's signature headers are not in the document: nothing is signed",
  },
  'GET /api/sandbox/mercadopago/checkout': {
    PAGO_NO_ENCONTRADO: 'a made-up preference id names no payment',
  },
  'POST /api/sandbox/mercadopago/checkout': {
    PAGO_NO_ENCONTRADO: 'a made-up preference id names no payment',
  },
  'GET /api/pedido/linkPago/{pedidoId}/{tiendaId}': {
    TIENDAS_SIN_MP: 'the seed marks the demo store linked, but keeps no Mercado Pago token',
  },
  'POST /api/pedido/cancelar/{pedidoId}': {
    PEDIDO_NO_CANCELABLE: 'an earlier request cancelled the order',
  },
  'POST /api/pedido/marcarPedidoComoEntregado': {
    ENTREGA_NO_LISTA: "the order's group is not complete, so nothing is ready to deliver",
  },
  'POST /api/pedido/compararCodigo': {
    ENTREGA_NO_LISTA: "the order's group is not complete, so nothing is ready to deliver",
    CODIGO_INCORRECTO: "a generated code is not the order's",
  },
  'POST /api/admin/grupos/{groupId}/cancelar': {
    GRUPO_NO_CANCELABLE: 'an earlier request closed or cancelled the group',
  },
  'GET /api/geo/plano': {
    VALIDACION: {
      why: 'JSON Schema cannot compare two fields: sur < norte, oeste < este, at most 2° across',
      when: (res) =>
        ((res.json() as { detalles?: { mensaje: string }[] }).detalles ?? []).every((d) =>
          ['El área no es válida', 'El área puede medir hasta 2 grados por lado'].includes(
            d.mensaje,
          ),
        ),
    },
  },
  ...Object.fromEntries(
    [
      'GET /api/tienda/{tiendaId}/estadisticas',
      'GET /api/tienda/{tiendaId}/ventas.csv',
      'GET /api/admin/dinero',
    ].map((operacion) => [
      operacion,
      {
        VALIDACION: {
          why: 'JSON Schema cannot compare two fields: hasta not before desde, at most three years',
          when: (res: LightMyRequestResponse) =>
            ((res.json() as { detalles?: { mensaje: string }[] }).detalles ?? []).every((d) =>
              (ERRORES_DE_PERIODO as readonly string[]).includes(d.mensaje),
            ),
        },
      },
    ]),
  ),
  'GET /api/geo/inversa': {
    UBICACION_FUERA_DE_ARGENTINA: 'generated coordinates cover the whole globe',
  },
  'POST /api/push/suscripciones': {
    SUSCRIPCION_PUSH_INVALIDA:
      'a generated endpoint names no known push service, or a generated key is no point of the P-256 curve: JSON Schema can say neither (decision 055)',
  },
};

/** Operations only some roles may call: a valid request of any other role answers 403. */
const ONLY: [RegExp, Role[]][] = [
  [/^\w+ \/api\/admin\//, ['admin']],
  [/^GET \/api\/pedido\/obtenerTodosLosPedidos$/, ['repartidor', 'admin']],
];

/**
 * Browser routes that refuse a broken request with a redirect to their failure screen (their
 * one documented answer), by what the Location says.
 */
const REFUSED_BY_REDIRECT: Record<string, RegExp> = {
  'GET /api/oauth/mercadopago/callback': /[?&]error=true(&|$)/,
};

/** The operations in the order they run: reads first, deletions last (they hide resources). */
const METHOD_ORDER: Record<string, number> = { get: 0, post: 1, put: 1, patch: 1, delete: 2 };

/** A request as the generators build it: texts for the path and query, a typed body. */
interface Request {
  path: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  /** The broken part, for a request with one. */
  broken?: string;
}

/** Counts for the closing line, by role. */
interface Tally {
  requests: number;
  valid: number;
  invalid: number;
  /** Broken requests that the schema still accepted (a wrong type where any is taken): unsent. */
  skipped: number;
  serverErrors: number;
  schemaViolations: number;
}

/**
 * The seed of one operation, role and kind (FNV-1a of its name, mixed with SEED): adding an
 * operation changes no other one's requests.
 */
function seedOf(name: string): number {
  let hash = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < name.length; i++) {
    hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  }
  return hash | 0;
}

/** Percent-encodes a parameter (a lone surrogate, which cannot be encoded, made well formed). */
const encode = (value: string) =>
  encodeURIComponent(
    value.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The codes of an error body, if it is one. */
const codeOf = (res: LightMyRequestResponse): string | undefined => {
  try {
    const code = (res.json() as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
};

describe('contract: property-based requests from the OpenAPI document, as five roles', () => {
  let t: TestApp;
  let callers: Record<Exclude<Role, 'anónimo'>, LoggedIn>;
  /** Ids of real resources, by field name (the seller's store, product, group, an order). */
  let fixtures: Record<string, string[]>;
  let imagen: Buffer;

  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' },
      { demoStores: true },
    );
    await t.app.ready();
    callers = {
      comprador: await login(t.app, DEMO_USUARIOS.comprador.email, DEMO_PASSWORD),
      vendedor: await login(t.app, demoVendedorEmail(0), DEMO_PASSWORD),
      repartidor: await login(t.app, DEMO_USUARIOS.repartidor.email, DEMO_PASSWORD),
      admin: await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD),
    };
    imagen = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
    fixtures = await realResources(t, callers);
  });
  afterAll(() => t.close());

  it('answers what the document says, to valid and to broken requests, as every role', async () => {
    const doc = openApiExamples(t.app, () => undefined).doc;
    const failures = new Map<string, { count: number; example: string }>();
    const fail = (key: string, example: string) => {
      const found = failures.get(key);
      if (found) found.count++;
      else failures.set(key, { count: 1, example });
    };
    const tally = Object.fromEntries(
      ROLES.map((role) => [
        role,
        { requests: 0, valid: 0, invalid: 0, skipped: 0, serverErrors: 0, schemaViolations: 0 },
      ]),
    ) as Record<Role, Tally>;
    /** The operations that answered a valid request with success, as some role. */
    const succeeded = new Set<string>();
    /** Business answers to valid requests that were let through, for the closing note. */
    const allowed = new Map<string, number>();

    const operations = Object.entries(doc.paths)
      .flatMap(([template, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ template, method, operation })),
      )
      .sort((a, b) => (METHOD_ORDER[a.method] ?? 1) - (METHOD_ORDER[b.method] ?? 1));

    for (const { template, method, operation } of operations) {
      const key = `${method.toUpperCase()} ${template}`;
      const secured = (operation.security?.length ?? 0) > 0;
      const onlyFor = ONLY.find(([pattern]) => pattern.test(key))?.[1];
      const namesIds = mentionsIds(doc, operation);
      for (const role of ROLES) {
        const caller = role === 'anónimo' ? undefined : callers[role];
        const arbs: SchemaArbitraries = schemaArbitraries(doc, {
          named: namedFor(caller, fixtures),
          encoded: (schema) => encodedJson(arbs, schema, fixtures),
        });
        const request = requestArbitraries(arbs, operation);

        const send = async (req: Request, kind: 'válida' | 'inválida') => {
          const res = await inject(t, { method, template, operation }, req, caller, imagen);
          const where = `${key} como ${role}, solicitud ${kind}`;
          const sample = `${describeRequest(req)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          tally[role].requests++;
          const code = codeOf(res);

          if (res.statusCode >= 500) {
            tally[role].serverErrors++;
            fail(`${where}: ${res.statusCode}`, sample);
          }
          for (const violation of responseViolations(arbs, operation, res)) {
            tally[role].schemaViolations++;
            fail(`${where}: ${violation}`, sample);
          }
          for (const violation of contractViolations.splice(0)) {
            tally[role].schemaViolations++;
            fail(`${where}: ${violation.slice(0, 200)}`, sample);
          }

          if (kind === 'inválida') {
            const redirect = REFUSED_BY_REDIRECT[key];
            const location = String(res.headers.location ?? '');
            const refused =
              (res.statusCode >= 400 && res.statusCode < 500) ||
              (redirect !== undefined && res.statusCode === 302 && redirect.test(location));
            if (!refused) {
              fail(`${where}: la aceptó (${res.statusCode}) con ${req.broken}`, sample);
            }
            return;
          }
          if (secured && !caller) {
            if (res.statusCode !== 401) fail(`${where}: sin sesión no respondió 401`, sample);
            return;
          }
          if (onlyFor && !onlyFor.includes(role)) {
            if (res.statusCode !== 403) fail(`${where}: otro rol no respondió 403`, sample);
            return;
          }
          if (res.statusCode < 400) {
            succeeded.add(key);
            return;
          }
          const allowance = code ? BUSINESS[key]?.[code] : undefined;
          const why =
            typeof allowance === 'string'
              ? allowance
              : allowance?.when(res)
                ? allowance.why
                : namesIds && refusedForItsIds(res.statusCode, code)
                  ? 'an id the generator made up names nothing, or someone else’s resource'
                  : undefined;
          if (why) {
            const what = `${key} → ${res.statusCode} ${code}: ${why}`;
            allowed.set(what, (allowed.get(what) ?? 0) + 1);
            return;
          }
          fail(`${where}: la rechazó (${res.statusCode} ${code ?? ''})`, sample);
        };

        const valids = fc.sample(request.valid, {
          seed: seedOf(`${key} ${role} válida`),
          numRuns: request.runs(VALID_RUNS),
        });
        for (const req of valids) {
          // The generator's own check: what it calls valid, the document must accept.
          const wrong = request.problem(req);
          if (wrong) {
            fail(`${key}: el generador armó una solicitud que el documento no acepta`, wrong);
            continue;
          }
          tally[role].valid++;
          await send(req, 'válida');
        }
        if (request.invalid) {
          const broken = fc.sample(request.invalid, {
            seed: seedOf(`${key} ${role} inválida`),
            numRuns: INVALID_RUNS,
          });
          for (const req of broken) {
            if (!req) {
              tally[role].skipped++;
              continue;
            }
            tally[role].invalid++;
            await send(req, 'inválida');
          }
        }
      }
    }

    const total = ROLES.reduce((sum, role) => sum + tally[role].requests, 0);
    const byRole = ROLES.map((role) => `${role} ${tally[role].requests}`).join(', ');
    const serverErrors = ROLES.reduce((sum, role) => sum + tally[role].serverErrors, 0);
    const violations = ROLES.reduce((sum, role) => sum + tally[role].schemaViolations, 0);
    console.log(
      `contrato: ${total} solicitudes como cinco roles (${byRole}) a ${operations.length} operaciones: ${serverErrors} × 5xx, ${violations} violaciones de esquema`,
    );
    if (process.env.CONTRATO_DETALLE) {
      console.log([...allowed].map(([what, count]) => `  permitido ×${count}: ${what}`).join('\n'));
      console.log(JSON.stringify(tally));
      const never = operations
        .map(({ method, template }) => `${method.toUpperCase()} ${template}`)
        .filter((key) => !succeeded.has(key));
      console.log(`sin ningún 2xx/3xx (${never.length}):\n  ${never.join('\n  ')}`);
    }

    const report = [...failures].map(
      ([what, { count, example }]) => `${what} (×${count}), p. ej. ${example}`,
    );

    expect(report).toEqual([]);
    expect(operations.length).toBeGreaterThan(60);
    expect(total).toBeGreaterThan(1000);
    // Every operation as five roles, a dozen requests each: about 20 s here, longer than the
    // default 30 s on a loaded two-core runner.
  }, 400_000);
});

/** A refusal that a made-up id explains: it names nothing, or someone else's resource. */
const refusedForItsIds = (status: number, code: string | undefined) =>
  (code !== undefined && [400, 404, 409].includes(status) && NO_ENCONTRADO.test(code)) ||
  (status === 403 && code === 'ACCESO_DENEGADO');

/** Whether an operation's parameters or body take an id (the contracts' id pattern). */
function mentionsIds(doc: OpenApiDocument, operation: Operation): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown): boolean => {
    if (!value || typeof value !== 'object' || seen.has(value)) return false;
    seen.add(value);
    const schema = value as JsonSchema;
    if (schema.pattern === ID_PATTERN) return true;
    if (schema.$ref) return visit(doc.components?.schemas?.[schema.$ref.split('/').pop() ?? '']);
    return Object.values(value).some(visit);
  };
  return visit(operation.parameters) || visit(operation.requestBody);
}

/** The values of a field by its name for a role: its own id, real resources, or none. */
function namedFor(
  caller: LoggedIn | undefined,
  fixtures: Record<string, string[]>,
): (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined {
  return (name, schema) => {
    if (name === 'userId' || name === 'usuarioId' || name === 'vendedorId') {
      return fc.constant(caller?.userId ?? DEMO_USUARIOS.comprador.id);
    }
    // The caller's own address (a sign-in that works); anonymous callers have none.
    if (name === 'email' && schema.format === 'email' && caller) return fc.constant(caller.email);
    if (name === 'contrasenia') return fc.constant(DEMO_PASSWORD);
    const values = fixtures[name] ?? fixtures[name.replace(/s$/, '')];
    return values?.length ? fc.constantFrom(...values) : undefined;
  };
}

/**
 * A text field that carries JSON (multipart forms): its description names what, a component
 * schema (`JSON de CrearDireccionRequest`) or a list of ids (`JSON: una lista de ids`).
 */
function encodedJson(
  arbs: SchemaArbitraries,
  schema: JsonSchema,
  fixtures: Record<string, string[]>,
): fc.Arbitrary<string> | undefined {
  const description = schema.description ?? '';
  const component = /^JSON de (\w+)/.exec(description)?.[1];
  if (component) {
    return arbs.valid({ $ref: `#/components/schemas/${component}` }).map((v) => JSON.stringify(v));
  }
  if (/^JSON: una lista de ids/.test(description)) {
    const ids = fc.oneof(
      fc.constantFrom(...(fixtures.categoriaLocalId ?? []), '0'.repeat(24)),
      fc.stringMatching(/^[0-9a-f]{24}$/),
    );
    return fc.array(ids, { maxLength: 3 }).map((list) => JSON.stringify(list));
  }
  return undefined;
}

/** The arbitraries of an operation's requests: valid ones, and ones with one part broken. */
function requestArbitraries(arbs: SchemaArbitraries, operation: Operation) {
  const parameters = (operation.parameters ?? []).filter(
    (p) => p.in === 'path' || p.in === 'query',
  );
  const content = operation.requestBody?.content ?? {};
  const mediaType = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded']
    .filter((type) => type in content)
    .at(0);
  const bodySchema = mediaType ? content[mediaType]?.schema : undefined;
  const json = mediaType === 'application/json';
  const texts = (of: 'path' | 'query') => parameters.filter((p) => p.in === of);

  const params = (of: 'path' | 'query') =>
    fc.record(
      Object.fromEntries(
        texts(of).map((p) => [p.name, arbs.valid(p.schema, p.name).map(arbs.toText)]),
      ) as Record<string, fc.Arbitrary<string>>,
      {
        requiredKeys: texts(of)
          .filter((p) => p.required || of === 'path')
          .map((p) => p.name),
      },
    );
  const body: fc.Arbitrary<unknown> = bodySchema
    ? operation.requestBody?.required
      ? arbs.valid(bodySchema)
      : fc.option(arbs.valid(bodySchema), { nil: undefined })
    : fc.constant(undefined);
  const valid: fc.Arbitrary<Request> = fc.record({
    path: params('path'),
    query: params('query'),
    body,
  });

  /** A form's fields as the server reads them: text, read back as their types. */
  const formAsRead = (value: unknown): unknown => {
    if (!bodySchema || !value || typeof value !== 'object') return value;
    const properties = arbs.flat(bodySchema).properties ?? {};
    return Object.fromEntries(
      Object.entries(value).map(([name, field]) => [
        name,
        field instanceof FilePart || !properties[name]
          ? field
          : arbs.fromText(properties[name], arbs.toText(field)),
      ]),
    );
  };

  /** Why the document refuses a request, if it does. */
  const problem = (req: Request): string | undefined => {
    for (const p of parameters) {
      const text = (p.in === 'path' ? req.path : req.query)[p.name];
      if (text === undefined) continue;
      const wrong = arbs.problem(p.schema, arbs.fromText(p.schema, text));
      if (wrong) return `${p.in} ${p.name}=${JSON.stringify(text)}: ${wrong}`;
    }
    if (bodySchema && req.body !== undefined) {
      const wrong = arbs.problem(bodySchema, json ? req.body : formAsRead(req.body));
      if (wrong) return `cuerpo ${JSON.stringify(req.body).slice(0, 200)}: ${wrong}`;
    }
    return undefined;
  };

  const breakers: ((req: Request) => fc.Arbitrary<Request | undefined>)[] = [];
  for (const p of parameters) {
    const where = p.in === 'path' ? 'path' : 'query';
    breakers.push((req) =>
      arbs.invalidText(p.schema).map((broken) =>
        broken
          ? {
              ...req,
              [where]: { ...req[where], [p.name]: broken.value as string },
              broken: `${p.in} ${p.name}: ${broken.what}`,
            }
          : undefined,
      ),
    );
    if (p.in === 'query' && p.required) {
      breakers.push((req) => {
        const { [p.name]: _, ...query } = req.query;
        return fc.constant({ ...req, query, broken: `query ${p.name}: falta (obligatorio)` });
      });
    }
  }
  if (bodySchema && operation.requestBody?.required) {
    breakers.push((req) => fc.constant({ ...req, body: undefined, broken: 'cuerpo: falta' }));
  }
  if (bodySchema) {
    breakers.push((req) =>
      arbs
        .invalid(
          bodySchema,
          json ? undefined : (value) => !arbs.accepts(bodySchema, formAsRead(value)),
        )
        .map((broken: Broken | undefined) =>
          // A form is always a set of fields: only its fields can be broken.
          broken && (json || isRecord(broken.value))
            ? { ...req, body: broken.value, broken: `cuerpo ${broken.what}` }
            : undefined,
        ),
    );
  }
  const invalid =
    breakers.length > 0
      ? valid.chain((req) => fc.constantFrom(...breakers).chain((breaker) => breaker(req)))
      : undefined;

  const hasInput = parameters.length > 0 || bodySchema !== undefined;
  return {
    valid,
    invalid,
    problem,
    /** An operation without input is called once: every request would be the same. */
    runs: (wanted: number) => (hasInput ? wanted : 1),
  };
}

/** Sends a request as its operation's media type says, as `caller` (or anonymously). */
async function inject(
  t: TestApp,
  { method, template, operation }: { method: string; template: string; operation: Operation },
  req: Request,
  caller: LoggedIn | undefined,
  imagen: Buffer,
): Promise<LightMyRequestResponse> {
  const content = operation.requestBody?.content ?? {};
  let url = template.replace(/\{([^}]+)\}/g, (_, name: string) => encode(req.path[name] ?? ''));
  const query = Object.entries(req.query).map(
    ([name, value]) => `${encode(name)}=${encode(value)}`,
  );
  if (query.length > 0) url += `?${query.join('&')}`;
  const headers: Record<string, string> = { ...caller?.auth };
  let payload: string | Buffer | undefined;
  if (req.body !== undefined) {
    if ('application/json' in content) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(req.body);
    } else if ('multipart/form-data' in content) {
      const form = new FormData();
      for (const [name, value] of Object.entries(req.body as Record<string, unknown>)) {
        if (value instanceof FilePart) {
          form.append(name, new Blob([new Uint8Array(imagen)], { type: 'image/png' }), 'foto.png');
        } else {
          form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
        }
      }
      const encoded = new Response(form);
      headers['content-type'] = encoded.headers.get('content-type') ?? '';
      payload = Buffer.from(await encoded.arrayBuffer());
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = Object.entries(req.body as Record<string, unknown>)
        .map(
          ([name, value]) =>
            `${encode(name)}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`,
        )
        .join('&');
    }
  }
  return t.app.inject({
    method: method.toUpperCase() as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** What the document says about this answer that it does not do. */
function responseViolations(
  arbs: SchemaArbitraries,
  operation: Operation,
  res: LightMyRequestResponse,
): string[] {
  const responses = operation.responses ?? {};
  const status = String(res.statusCode);
  const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (!documented) return [`el documento no lista el estado ${status}`];
  if (!documented.content || res.body.length === 0) return [];
  const mediaType =
    String(res.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  const described = documented.content[mediaType];
  if (!described) {
    return [
      `${status} en ${mediaType || 'sin tipo'}, el documento dice ${Object.keys(documented.content).join(', ')}`,
    ];
  }
  if (!described.schema || !mediaType.includes('json')) return [];
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return [`${status}: el cuerpo no es JSON`];
  }
  const wrong = arbs.problem(described.schema, body);
  return wrong ? [`${status}: el cuerpo no cumple su esquema (${wrong})`] : [];
}

function describeRequest(req: Request): string {
  const parts = [
    Object.keys(req.path).length ? `path ${JSON.stringify(req.path)}` : '',
    Object.keys(req.query).length ? `query ${JSON.stringify(req.query)}` : '',
    req.body !== undefined
      ? `cuerpo ${JSON.stringify(req.body, (_k, v) => (v instanceof FilePart ? '<archivo>' : v))}`
      : '',
    req.broken ? `(rota: ${req.broken})` : '',
  ];
  return parts.filter(Boolean).join(' ').slice(0, 600);
}

/**
 * Real resources for the id fields: the demo seller's store, a product of it and its open
 * group, the shopper's address, an order of the shopper's from that store (approved, so its
 * delivery code reaches the code check) and the notification it sent. The order's requests are
 * built from the document too, so they follow the contracts.
 */
async function realResources(
  t: TestApp,
  callers: Record<Exclude<Role, 'anónimo'>, LoggedIn>,
): Promise<Record<string, string[]>> {
  const { comprador, vendedor } = callers;
  const { tiendaId, productoId, groupId } = await productoYGrupoDemo(t, vendedor);
  const direcciones = await t.app.inject({
    url: `/api/direccion/${comprador.userId}`,
    headers: comprador.auth,
  });
  const direccionId = (direcciones.json() as { _id: string }[])[0]?._id;
  if (!direccionId) throw new Error(`el comprador demo no tiene dirección: ${direcciones.body}`);
  const categorias = await t.app.inject({
    url: `/api/tienda/categorias-locales/${vendedor.userId}`,
    headers: vendedor.auth,
  });
  const categoriaLocalIds = ((categorias.json().categoriasLocales ?? []) as { _id: string }[]).map(
    (c) => c._id,
  );
  const coberturas = (await t.app.inject({ url: '/api/cobertura/obtenerCoberturas' })).json() as {
    _id: string;
  }[];
  const globales = (await t.app.inject({ url: '/api/categoria/getAllCategoria' })).json() as {
    _id: string;
  }[];

  const ids: Record<string, string> = {
    tiendaId,
    productoId,
    groupId,
    grupoId: groupId,
    direccionId,
    direccionDestinoId: direccionId,
    usuarioId: comprador.userId,
  };
  const { doc, example } = openApiExamples(t.app, (name) => ids[name]);
  const bodyOf = (path: string) => {
    const schema = doc.paths[path]?.post?.requestBody?.content['application/json']?.schema;
    if (!schema) throw new Error(`sin cuerpo JSON en POST ${path}`);
    return schema;
  };
  const cotizado = await t.app.inject({
    method: 'POST',
    url: '/api/envio/cotizar-previo',
    headers: comprador.auth,
    payload: example(bodyOf('/api/envio/cotizar-previo'), '') as object,
  });
  const opcion = cotizado.json().opciones?.[0] as { carrier: string; servicio: string } | undefined;
  if (!opcion) throw new Error(`sin opciones de envío: ${cotizado.body}`);
  Object.assign(ids, opcion);
  const pedido = await t.app.inject({
    method: 'POST',
    url: '/api/pago/crearPreferencia',
    headers: comprador.auth,
    payload: example(bodyOf('/api/pago/crearPreferencia'), '') as object,
  });
  const pedidoId = pedido.json().pedidoId as string | undefined;
  if (!pedidoId) throw new Error(`no se pudo crear el pedido: ${pedido.body}`);
  // Creating the order told the shopper (the bell, docs/decisions/041).
  const avisos = await t.app.inject({ url: '/api/aviso/', headers: comprador.auth });
  const avisoId = avisos.json().avisos?.[0]?._id as string | undefined;
  if (!avisoId) throw new Error(`el comprador no tiene avisos: ${avisos.body}`);
  const [aprobado] = await t.database.db
    .update(pedidos)
    .set({ aprobado: true })
    .where(eq(pedidos.id, pedidoId))
    .returning({ codigo: pedidos.codigo });
  if (!aprobado) throw new Error('no se pudo aprobar el pedido');

  return {
    tiendaId: [tiendaId],
    productoId: [productoId],
    groupId: [groupId],
    grupoId: [groupId],
    direccionId: [direccionId],
    direccionDestinoId: [direccionId],
    pedidoId: [pedidoId],
    avisoId: [avisoId],
    _id: [pedidoId],
    categoriaLocalId: categoriaLocalIds,
    cobertura: coberturas.map((c) => c._id),
    categoriaGlobal: globales.map((c) => c._id),
    carrier: [opcion.carrier],
    servicio: [opcion.servicio],
    codigo: [aprobado.codigo],
  };
}
