import { errorBodySchema } from '@compra-grupal/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../db/seed/demo-usuarios';
import { type LoggedIn, login, uniqueEmail } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Finding: odd input (a NUL byte, 5e-324) answered 500. This fuzz test reads the OpenAPI
 * document the app generates from its contracts, so a new route or field is fuzzed without
 * touching this file: for every route and method, every string field (body, query, path) gets
 * control characters, 100,000 characters, emoji and right-to-left text, and every number field
 * denormals, huge values and strings, one field at a time while the others keep valid example
 * values from the schema. No answer may be a 5xx, and every error answers the shared shape.
 */

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** A body value that JSON cannot spell: written into the raw text of the body. */
class RawJson {
  constructor(readonly text: string) {}
}

const CONTROLES = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff',
  '\ufffe',
  '\uffff',
];

/** The hostile values of a string field, built around its valid example. */
const textosHostiles = (ejemplo: string): unknown[] => [
  ...CONTROLES.map((c) => `${ejemplo.slice(0, 2)}${c}${ejemplo.slice(2)}`),
  `${'\u0000'.repeat(3)}`,
  'a'.repeat(100_000),
  '🛒😀👩‍👩‍👧 compra',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u202eodneit al\u202c',
  '',
  '   ',
  123,
  null,
  { $ne: '' },
  ['a', 'b'],
];

/** The hostile values of a number field. */
const numerosHostiles: unknown[] = [
  5e-324,
  -5e-324,
  2.2e-308,
  1e-300,
  1e-299,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('NaN'),
  '12',
  'doce',
  '5e-324',
  true,
  null,
];

/** The same, as they travel in a query string or a path. */
const numerosHostilesEnTexto = [
  '5e-324',
  '-5e-324',
  '2.2e-308',
  '1e-300',
  '1e308',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '0x10',
  '12abc',
  'doce',
  '',
];

/** Percent-encodes a value, lone surrogates as their (invalid) three UTF-8-like bytes. */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

describe('security: fuzzing every route of the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let comprador: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' });
    await t.app.ready();
    doc = t.app.swagger() as unknown as OpenApiDocument;
    comprador = await login(t.app, DEMO_USUARIOS.comprador.email, DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  const deref = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const found = doc.components?.schemas?.[name];
    if (!found) throw new Error(`sin esquema ${schema.$ref}`);
    return deref(found);
  };

  /** The schema without its null alternative (`nullable`, `anyOf: [x, null]`). */
  const concrete = (raw: JsonSchema): JsonSchema => {
    const schema = deref(raw);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) {
      const first = alternatives.map(deref).find((s) => s.type !== 'null');
      return first ? concrete(first) : schema;
    }
    if (schema.allOf?.[0]) return concrete(schema.allOf[0]);
    return schema;
  };

  const typeOf = (schema: JsonSchema) =>
    Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;

  /** A valid value for a field: the caller's own id, a fresh email, or the schema's example. */
  const example = (raw: JsonSchema, name: string): unknown => {
    const schema = concrete(raw);
    if (name === 'userId') return comprador.userId;
    if (name === 'email') return uniqueEmail('fuzz');
    if (schema.example !== undefined) return schema.example;
    if (schema.examples?.[0] !== undefined) return schema.examples[0];
    if (schema.default !== undefined) return schema.default;
    if (schema.enum?.[0] !== undefined) return schema.enum[0];
    switch (typeOf(schema)) {
      case 'object':
        return Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, value]) => [key, example(value, key)]),
        );
      case 'array':
        return schema.items ? [example(schema.items, name)] : [];
      case 'number':
      case 'integer':
        return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
      case 'boolean':
        return true;
      default: {
        const text = 'Texto de prueba válido';
        const min = schema.minLength ?? 0;
        return text.padEnd(min, 'x').slice(0, schema.maxLength ?? text.length);
      }
    }
  };

  /** Every string and number leaf of a body schema, with its path. */
  const leaves = (
    raw: JsonSchema,
    path: (string | number)[] = [],
  ): { path: (string | number)[]; schema: JsonSchema }[] => {
    const schema = concrete(raw);
    const type = typeOf(schema);
    if (type === 'object') {
      return Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
        leaves(value, [...path, key]),
      );
    }
    if (type === 'array') return schema.items ? leaves(schema.items, [...path, 0]) : [];
    if (type === 'string' || type === 'number' || type === 'integer') return [{ path, schema }];
    return [];
  };

  const withValue = (value: unknown, path: (string | number)[], leaf: unknown): unknown => {
    if (path.length === 0) return leaf;
    const [head, ...rest] = path as [string | number, ...(string | number)[]];
    const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
      string | number,
      unknown
    >;
    copy[head] = withValue(copy[head], rest, leaf);
    return copy;
  };

  /** The body as JSON text, with the values JSON cannot spell written raw. */
  const serialize = (body: unknown) => {
    const raws: string[] = [];
    const text = JSON.stringify(body, (_key, value) => {
      if (value instanceof RawJson) {
        raws.push(value.text);
        return `__RAW_${raws.length - 1}__`;
      }
      return value;
    });
    return text.replace(/"__RAW_(\d+)__"/g, (_m, i: string) => raws[Number(i)] ?? 'null');
  };

  it('answers no 5xx, and every error in the shared shape', async () => {
    const failures: string[] = [];
    const counts = { requests: 0, reachedService: 0 };

    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const parameters = (operation.parameters ?? []).filter(
          (p) => p.in === 'path' || p.in === 'query',
        );
        const bodySchema = operation.requestBody?.content['application/json']?.schema;
        const auth = operation.security?.length ? comprador.auth : {};

        const validParams = () =>
          Object.fromEntries(parameters.map((p) => [p.name, String(example(p.schema, p.name))]));
        const validBody = () => (bodySchema ? example(bodySchema, '') : undefined);

        const send = async (
          params: Record<string, string>,
          body: unknown,
          what: string,
        ): Promise<LightMyRequestResponse> => {
          let url = template;
          const query: string[] = [];
          for (const p of parameters) {
            const value = params[p.name] ?? '';
            if (p.in === 'path') url = url.replace(`{${p.name}}`, encode(value));
            else query.push(`${encode(p.name)}=${encode(value)}`);
          }
          if (query.length) url += `?${query.join('&')}`;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: {
              ...auth,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: serialize(body) }),
          });
          counts.requests++;
          if (res.statusCode < 400 || ![400, 401, 403, 414].includes(res.statusCode)) {
            counts.reachedService++;
          }
          const label = `${method.toUpperCase()} ${template} ${what}`;
          if (res.statusCode >= 500) {
            failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          } else if (res.statusCode >= 400) {
            let parsed: unknown;
            try {
              parsed = res.json();
            } catch {
              parsed = undefined;
            }
            if (!errorBodySchema.safeParse(parsed).success) {
              failures.push(
                `${label}: ${res.statusCode} sin la forma de error: ${res.body.slice(0, 200)}`,
              );
            }
          }
          return res;
        };

        // The valid request first: the examples pass validation and reach the service.
        const baseline = await send(validParams(), validBody(), 'con valores válidos');
        if (baseline.statusCode === 400) {
          failures.push(
            `${method} ${template}: los valores de ejemplo no validan: ${baseline.body}`,
          );
        }

        for (const p of parameters) {
          const type = typeOf(concrete(p.schema));
          const values =
            type === 'number' || type === 'integer'
              ? numerosHostilesEnTexto
              : textosHostiles(String(example(p.schema, p.name))).filter(
                  (v): v is string => typeof v === 'string',
                );
          for (const value of values) {
            await send(
              { ...validParams(), [p.name]: value },
              validBody(),
              `${p.in} ${p.name}=${JSON.stringify(value).slice(0, 40)}`,
            );
          }
        }

        if (bodySchema) {
          for (const leaf of leaves(bodySchema)) {
            const type = typeOf(concrete(leaf.schema));
            const name = String(leaf.path.at(-1));
            const values =
              type === 'number' || type === 'integer'
                ? numerosHostiles
                : textosHostiles(String(example(leaf.schema, name)));
            for (const value of values) {
              await send(
                validParams(),
                withValue(validBody(), leaf.path, value),
                `body ${leaf.path.join('.')}=${(serialize(value) ?? 'undefined').slice(0, 40)}`,
              );
            }
          }
        }
      }
    }

    expect(failures).toEqual([]);
    // Sanity: the document was read, and many requests got past validation to a service.
    expect(Object.keys(doc.paths).length).toBeGreaterThan(15);
    expect(counts.requests).toBeGreaterThan(500);
    expect(counts.reachedService).toBeGreaterThan(80);
  });
});
