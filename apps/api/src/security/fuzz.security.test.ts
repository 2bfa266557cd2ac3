import { errorBodySchema } from '@compra-grupal/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../demo/demo-usuarios';
import { type LoggedIn, login, uniqueEmail } from '../test/auth-helpers';
import { type JsonSchema, openApiExamples } from '../test/openapi-examples';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Finding: odd input (a NUL byte, 5e-324) answered 500. This fuzz test reads the OpenAPI
 * document the app generates from its contracts, so a new route or field is fuzzed without
 * touching this file: for every route and method, every string field (body, query, path) gets
 * control characters, 100,000 characters, emoji and right-to-left text, and every number field
 * denormals, huge values and strings, one field at a time while the others keep valid example
 * values from the schema. No answer may be a 5xx, and every error answers the shared shape.
 */

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
  let comprador: LoggedIn;
  let examples: ReturnType<typeof openApiExamples>;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' });
    await t.app.ready();
    comprador = await login(t.app, DEMO_USUARIOS.comprador.email, DEMO_PASSWORD);
    // Valid values: the caller's own id, a fresh email, or the schema's example.
    examples = openApiExamples(t.app, (name) => {
      if (name === 'userId') return comprador.userId;
      if (name === 'email') return uniqueEmail('fuzz');
      return undefined;
    });
  });
  afterAll(() => t.close());

  const concrete = (raw: JsonSchema) => examples.concrete(raw);
  const typeOf = (schema: JsonSchema) => examples.typeOf(schema);
  const example = (raw: JsonSchema, name: string) => examples.example(raw, name);

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

    for (const [template, methods] of Object.entries(examples.doc.paths)) {
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

        // The valid request first: the examples pass validation and reach the service. (A
        // service may still answer 400 for a well-formed value it does not know, as a link's
        // secret token: only a validation error means the examples do not validate.)
        const baseline = await send(validParams(), validBody(), 'con valores válidos');
        const codigo = (() => {
          try {
            return (baseline.json() as { code?: unknown }).code;
          } catch {
            return undefined;
          }
        })();
        if (baseline.statusCode === 400 && codigo === 'VALIDACION') {
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
    expect(Object.keys(examples.doc.paths).length).toBeGreaterThan(15);
    expect(counts.requests).toBeGreaterThan(500);
    expect(counts.reachedService).toBeGreaterThan(80);
    // Every route of the document, many requests each: on a loaded two-core runner this takes
    // longer than the default 30 s.
  }, 120_000);
});
