import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { JsonSchema, OpenApiDocument } from './openapi-examples';

/**
 * fast-check arbitraries built from the JSON Schemas of the app's OpenAPI document, as
 * Schemathesis builds its requests: values that conform to a schema, values with one part
 * broken (a wrong type, out of bounds, a required field missing, a field the schema forbids),
 * and an Ajv validator of the document's schemas (OpenAPI 3.0 spellings converted) that judges
 * both the generated values and the answers.
 */

/** A file part of a multipart body (`format: binary`): the caller sends real bytes there. */
export class FilePart {
  readonly kind = 'file';
}

/** A value with one part broken, and what was broken (`campo: qué`). */
export interface Broken {
  value: unknown;
  what: string;
}

/** Where the document's schemas live for Ajv (`$ref`s are rewritten to point here). */
const DOC_ID = 'https://compra-grupal.test/openapi.json';
const REF = '#/components/schemas/';

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
const SCHEMA_ONE = new Set(['items', 'not', 'additionalProperties']);
/** OpenAPI 3.0 annotations that JSON Schema does not know (`nullable` is translated). */
const ANNOTATIONS = new Set(['example', 'examples', 'xml', 'discriminator', 'externalDocs']);

/**
 * An OpenAPI 3.0 schema as JSON Schema (draft-07, Ajv's default): `nullable` becomes a null
 * alternative, boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers, `$ref`s
 * point into the document added to Ajv.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const source = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable' || ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = `${DOC_ID}#/definitions/${value.slice(REF.length)}`;
    } else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, toJsonSchema(inner)]),
      );
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map(toJsonSchema);
    } else if (SCHEMA_ONE.has(key)) {
      out[key] = toJsonSchema(value);
    } else if (key === 'exclusiveMinimum' && typeof value === 'boolean') {
      if (value) {
        out.exclusiveMinimum = source.minimum;
        delete out.minimum;
      }
    } else if (key === 'exclusiveMaximum' && typeof value === 'boolean') {
      if (value) {
        out.exclusiveMaximum = source.maximum;
        delete out.maximum;
      }
    } else if (
      (key === 'minimum' && source.exclusiveMinimum === true) ||
      (key === 'maximum' && source.exclusiveMaximum === true)
    ) {
      // Moved into exclusiveMinimum/exclusiveMaximum above.
    } else {
      out[key] = value;
    }
  }
  // Draft-07 ignores the siblings of a $ref.
  const { $ref, ...rest } = out;
  const converted = $ref && Object.keys(rest).length > 0 ? { ...rest, allOf: [{ $ref }] } : out;
  // Null beside the whole schema: a `not` or `pattern` of the other type must not judge it.
  return source.nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

/** The fields an object's `not` forbids: `not: { required: [k] }`, or an `anyOf` of those. */
const forbiddenKeys = (not: JsonSchema | undefined): Set<string> =>
  new Set(
    [not, ...(not?.anyOf ?? [])].flatMap((part) =>
      part?.required?.length === 1 ? part.required : [],
    ),
  );

/** A value as Ajv sees it: file parts are strings (`format: binary`). */
const forAjv = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_key, inner) => (inner instanceof FilePart ? '' : inner)));

/** Text that is not printable ASCII: accents, invisible and astral characters, right-to-left. */
const TEXT_UNIT = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  },
  { weight: 3, arbitrary: fc.constantFrom(...'áéíóúÁÉÍÓÚñÑüÜ¿¡°ºª€') },
  { weight: 1, arbitrary: fc.constantFrom('\t', '\n', '\u00a0', '\u200b', '\u2028', '\u3000') },
  { weight: 1, arbitrary: fc.constantFrom('😀', '🛒', '𝄞', '中', 'ש', 'م') },
);

/** The name of a field no schema has. */
const EXTRA = 'campoQueNoExiste';

/** A value of each JSON type, to put where the schema wants another. */
const WRONG_TYPES: [string, unknown][] = [
  ['number', 123],
  ['string', 'texto'],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['object', {}],
];

/** One Ajv per document, its validators by schema object: compiling is the slow part. */
const validatorCache = new WeakMap<OpenApiDocument, (schema: JsonSchema) => ValidateFunction>();

function validatorsOf(doc: OpenApiDocument): (schema: JsonSchema) => ValidateFunction {
  const cached = validatorCache.get(doc);
  if (cached) return cached;
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({
    $id: DOC_ID,
    definitions: Object.fromEntries(
      Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => [
        name,
        toJsonSchema(schema),
      ]),
    ),
  });
  const validators = new WeakMap<object, ValidateFunction>();
  const validatorOf = (schema: JsonSchema): ValidateFunction => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as object);
      validators.set(schema, validate);
    }
    return validate;
  };
  validatorCache.set(doc, validatorOf);
  return validatorOf;
}

export interface SchemaArbitrariesOptions {
  /**
   * An arbitrary for a field or parameter by its name (an id of a real resource, the caller's
   * own id), mixed with the generated values so requests also reach the services.
   */
  named?: (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;
  /**
   * The values of a string field that carries another encoded value (JSON, as its description
   * says): OpenAPI 3.0 cannot describe its content, so the caller does.
   */
  encoded?: (schema: JsonSchema) => fc.Arbitrary<string> | undefined;
}

export function schemaArbitraries(
  doc: OpenApiDocument,
  { named, encoded }: SchemaArbitrariesOptions = {},
) {
  const components = doc.components?.schemas ?? {};
  const validatorOf = validatorsOf(doc);

  /** Why `value` does not conform to `schema` (Ajv's first complaint), or undefined. */
  const problem = (schema: JsonSchema, value: unknown): string | undefined => {
    const validate = validatorOf(schema);
    if (validate(forAjv(value))) return undefined;
    const [error] = validate.errors ?? [];
    return error ? `${error.instancePath || '/'} ${error.message ?? ''}`.trim() : 'inválido';
  };
  const accepts = (schema: JsonSchema, value: unknown) => problem(schema, value) === undefined;

  const deref = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const found = components[schema.$ref.slice(REF.length)];
    if (!found) throw new Error(`sin esquema ${schema.$ref}`);
    return deref(found);
  };

  /** An object schema with its `allOf` parts (and one chosen alternative) folded in. */
  const merged = (schema: JsonSchema, parts: JsonSchema[]): JsonSchema => {
    const { allOf: _all, anyOf: _any, oneOf: _one, ...base } = schema;
    let out = base;
    for (const part of parts.map(deref)) {
      out = {
        ...part,
        ...out,
        type: out.type ?? part.type,
        properties: { ...part.properties, ...out.properties },
        required: [...new Set([...(out.required ?? []), ...(part.required ?? [])])],
      };
    }
    return out;
  };

  const typeOf = (schema: JsonSchema): string | undefined => {
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (type) return type;
    if (schema.properties) return 'object';
    if (schema.items) return 'array';
    return undefined;
  };

  /** The schema a value of an object or array is judged by (folding allOf and anyOf parts). */
  const flat = (raw: JsonSchema): JsonSchema => {
    const schema = deref(raw);
    if (schema.allOf) return flat(merged(schema, schema.allOf));
    const alternatives = (schema.anyOf ?? schema.oneOf ?? []).map(deref);
    if (alternatives.length > 0 && typeOf(schema) === 'object') {
      // Beside the properties, the alternatives say which are required: none is sure, so none.
      const { anyOf: _a, oneOf: _o, ...base } = schema;
      return base;
    }
    return schema;
  };

  const stringArbitrary = (schema: JsonSchema): fc.Arbitrary<unknown> => {
    if (schema.format === 'binary') return fc.constant(new FilePart());
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? min + 60;
    let candidates: fc.Arbitrary<string>;
    if (schema.pattern) {
      candidates = fc.stringMatching(new RegExp(schema.pattern));
    } else if (schema.format === 'email') {
      candidates = fc.emailAddress();
    } else if (schema.format === 'uuid') {
      candidates = fc.uuid();
    } else if (schema.format === 'date' || schema.format === 'date-time') {
      const iso = fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
      candidates = schema.format === 'date' ? iso.map((text) => text.slice(0, 10)) : iso;
    } else if (schema.format === 'uri' || schema.format === 'url') {
      candidates = fc.webUrl();
    } else {
      const text = (minLength: number, maxLength: number) =>
        fc.string({ unit: TEXT_UNIT, minLength, maxLength });
      // Mostly short text, sometimes exactly at the bounds, where the disagreements live.
      candidates = fc.oneof(
        { weight: 6, arbitrary: text(min, Math.min(max, min + 24)) },
        { weight: 1, arbitrary: text(max, max) },
        { weight: 1, arbitrary: text(min, min) },
      );
    }
    return candidates.filter((value) => accepts(schema, value));
  };

  const numberArbitrary = (schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> => {
    const minExcluded = schema.exclusiveMinimum === true;
    const maxExcluded = schema.exclusiveMaximum === true;
    const min =
      typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
    const max =
      typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.maximum;
    const arbitrary = integer
      ? fc.integer({
          min: Math.max(Number.MIN_SAFE_INTEGER, Math.ceil(min ?? Number.MIN_SAFE_INTEGER)),
          max: Math.min(Number.MAX_SAFE_INTEGER, Math.floor(max ?? Number.MAX_SAFE_INTEGER)),
        })
      : fc.double({
          min,
          max,
          minExcluded: minExcluded || typeof schema.exclusiveMinimum === 'number',
          maxExcluded: maxExcluded || typeof schema.exclusiveMaximum === 'number',
          noNaN: true,
          noDefaultInfinity: true,
        });
    return arbitrary.filter((value) => accepts(schema, value));
  };

  /** The arbitrary of values that conform to `raw` (a field named `name`, for `named`). */
  const valid = (raw: JsonSchema, name?: string): fc.Arbitrary<unknown> => {
    const schema = deref(raw);
    const type = typeOf(schema);
    const encodedValues = type === 'string' ? encoded?.(schema) : undefined;
    const fixture =
      name !== undefined && !encodedValues && type !== 'object' && type !== 'array'
        ? named?.(name, schema)
        : undefined;
    const generated = encodedValues ?? generate(schema, name);
    const base = fixture
      ? fc.oneof({ weight: 3, arbitrary: fixture }, { weight: 1, arbitrary: generated })
      : generated;
    return schema.nullable
      ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
      : base;
  };

  const generate = (schema: JsonSchema, name?: string): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.allOf) return valid(merged(schema, schema.allOf), name);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives && typeOf(schema) === 'object') {
      // Object alternatives beside the properties only add required sets: one of them.
      return fc
        .constantFrom(...alternatives)
        .chain((alternative) => valid(merged(schema, [alternative]), name));
    }
    if (alternatives) return fc.oneof(...alternatives.map((a) => valid(a, name)));
    switch (typeOf(schema)) {
      case 'object': {
        const forbidden = forbiddenKeys(schema.not);
        const required = schema.required ?? [];
        const model: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
          Object.entries(schema.properties ?? {})
            .filter(([key]) => !forbidden.has(key))
            .map(([key, value]) => [key, valid(value, key)]),
        );
        for (const key of required) model[key] ??= fc.jsonValue({ maxDepth: 1 });
        // A field the schema does not name, where it does not forbid them: to be ignored.
        if (schema.additionalProperties !== false && schema.properties) {
          model[EXTRA] ??= fc.constantFrom('basura', 0, null);
        }
        return fc.record(model, { requiredKeys: required });
      }
      case 'array': {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.min(schema.maxItems ?? minLength + 3, minLength + 3);
        const items = schema.items ? valid(schema.items, name) : fc.jsonValue({ maxDepth: 1 });
        return fc.array(items, { minLength, maxLength });
      }
      case 'string':
        return stringArbitrary(schema);
      case 'number':
        return numberArbitrary(schema, false);
      case 'integer':
        return numberArbitrary(schema, true);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };

  type Path = (string | number)[];
  /** A way to break a value: the part at `path` replaced (or removed: `remove`). */
  interface Mutation {
    path: Path;
    what: string;
    value: fc.Arbitrary<unknown>;
    remove?: boolean;
  }

  const label = (path: Path) => (path.length === 0 ? '(raíz)' : path.join('.'));

  /** Ways to break a string leaf, besides its type. */
  const stringMutations = (schema: JsonSchema, current: unknown, path: Path): Mutation[] => {
    const at = label(path);
    const out: Mutation[] = [];
    // A printable character that trimming does not remove, so the length really is broken.
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      out.push({
        path,
        what: `${at}: más de ${max} caracteres`,
        value: fc.integer({ min: 1, max: 8 }).map((extra) => 'x'.repeat(max + extra)),
      });
    }
    if (schema.minLength) {
      out.push({
        path,
        what: `${at}: menos de ${schema.minLength} caracteres`,
        value: fc.constant('x'.repeat(schema.minLength - 1)),
      });
    }
    if (schema.pattern) {
      const pattern = new RegExp(schema.pattern);
      out.push({
        path,
        what: `${at}: no cumple ${schema.pattern}`,
        value: fc.string({ minLength: 1, maxLength: 12 }).filter((text) => !pattern.test(text)),
      });
    }
    if (schema.enum) {
      out.push({
        path,
        what: `${at}: fuera de la enumeración`,
        value: fc.string({ maxLength: 12 }).filter((text) => !schema.enum?.includes(text)),
      });
    }
    const formats: Record<string, string> = {
      email: 'no-es-un-email',
      uuid: 'no-es-un-uuid',
      date: '31/02/2024',
      'date-time': 'ayer a la tarde',
      uri: 'no es una uri',
    };
    const wrongFormat = schema.format ? formats[schema.format] : undefined;
    if (wrongFormat) {
      out.push({ path, what: `${at}: no es ${schema.format}`, value: fc.constant(wrongFormat) });
    }
    if (schema.not?.pattern && typeof current === 'string') {
      out.push({
        path,
        what: `${at}: con un carácter de control`,
        value: fc
          .constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\ufffe')
          .map((control) => `${current.slice(0, 1)}${control}${current.slice(1)}`),
      });
    }
    return out;
  };

  const numberMutations = (schema: JsonSchema, current: unknown, path: Path): Mutation[] => {
    const at = label(path);
    const out: Mutation[] = [];
    const { minimum, maximum } = schema;
    if (typeof maximum === 'number') {
      out.push({
        path,
        what: `${at}: mayor que ${maximum}`,
        value: fc.constantFrom(maximum + 1, maximum * 2 + 1, Number.MAX_SAFE_INTEGER, 1e308),
      });
    } else if (typeof schema.exclusiveMaximum === 'number') {
      out.push({
        path,
        what: `${at}: no menor que ${schema.exclusiveMaximum}`,
        value: fc.constant(schema.exclusiveMaximum),
      });
    }
    if (typeof minimum === 'number') {
      out.push({
        path,
        what: `${at}: menor que ${minimum}${schema.exclusiveMinimum === true ? ' o igual' : ''}`,
        value: fc.constantFrom(
          schema.exclusiveMinimum === true ? minimum : minimum - 1,
          minimum - 1,
          minimum - 1000.5,
          -1e308,
        ),
      });
    } else if (typeof schema.exclusiveMinimum === 'number') {
      out.push({
        path,
        what: `${at}: no mayor que ${schema.exclusiveMinimum}`,
        value: fc.constant(schema.exclusiveMinimum),
      });
    }
    if (typeOf(schema) === 'integer' && typeof current === 'number') {
      out.push({ path, what: `${at}: no entero`, value: fc.constant(current + 0.5) });
    }
    return out;
  };

  /** Every way to break `value` as a `raw` value: at its root and in each part it has. */
  const mutations = (raw: JsonSchema, value: unknown, path: Path): Mutation[] => {
    const schema = flat(raw);
    const at = label(path);
    const type = typeOf(schema);
    const out: Mutation[] = [
      {
        path,
        what: `${at}: otro tipo`,
        value: fc.constantFrom(...WRONG_TYPES.filter(([t]) => t !== type).map(([, v]) => v)),
      },
    ];
    if (value === null) return out;
    if (type === 'string') out.push(...stringMutations(schema, value, path));
    if (type === 'number' || type === 'integer') out.push(...numberMutations(schema, value, path));
    if (schema.enum && type !== 'string') {
      out.push({ path, what: `${at}: fuera de la enumeración`, value: fc.constant('otro-valor') });
    }
    if (type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      for (const key of schema.required ?? []) {
        out.push({
          path: [...path, key],
          what: `${label([...path, key])}: falta (obligatorio)`,
          value: fc.constant(undefined),
          remove: true,
        });
      }
      if (schema.additionalProperties === false) {
        out.push({
          path: [...path, EXTRA],
          what: `${at}: con un campo que el esquema no admite`,
          value: fc.constant('basura'),
        });
      }
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        if (key in record) out.push(...mutations(inner, record[key], [...path, key]));
      }
    }
    if (type === 'array' && Array.isArray(value)) {
      if (schema.maxItems !== undefined && schema.items) {
        const maxItems = schema.maxItems;
        out.push({
          path,
          what: `${at}: más de ${maxItems} elementos`,
          value: fc.array(valid(schema.items), {
            minLength: maxItems + 1,
            maxLength: maxItems + 2,
          }),
        });
      }
      if (schema.minItems) {
        out.push({
          path,
          what: `${at}: menos de ${schema.minItems} elementos`,
          value: fc.constant(value.slice(0, schema.minItems - 1)),
        });
      }
      if (value.length > 0 && schema.items) {
        out.push(...mutations(schema.items, value[0], [...path, 0]));
      }
    }
    return out;
  };

  const setAt = (value: unknown, path: Path, inner: unknown, remove: boolean): unknown => {
    if (path.length === 0) return inner;
    const [head, ...rest] = path as [string | number, ...Path];
    const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
      string | number,
      unknown
    >;
    if (rest.length === 0 && remove) delete copy[head];
    else copy[head] = setAt(copy[head], rest, inner, remove);
    return copy;
  };

  /**
   * A value of `raw` with one part broken. A break the schema still accepts (a wrong type
   * where the field takes any) answers undefined: the caller skips it.
   */
  const invalid = (
    raw: JsonSchema,
    judge: (value: unknown) => boolean = (value) => !accepts(raw, value),
  ): fc.Arbitrary<Broken | undefined> =>
    valid(raw).chain((value) =>
      fc.constantFrom(...mutations(raw, value, [])).chain((mutation) =>
        mutation.value.map((inner) => {
          const broken = setAt(value, mutation.path, inner, mutation.remove ?? false);
          return judge(broken) ? { value: broken, what: mutation.what } : undefined;
        }),
      ),
    );

  /**
   * A parameter or form field as the server reads it, text, turned into the schema's type the
   * way OpenAPI serializes it (`?limite=5` is the integer 5), for judging.
   */
  const fromText = (raw: JsonSchema, text: string): unknown => {
    const type = typeOf(flat(raw));
    if (type === 'number' || type === 'integer') {
      const number = text.trim() === '' ? Number.NaN : Number(text);
      return Number.isFinite(number) ? number : text;
    }
    if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
    if (type === 'object' || type === 'array') {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }
    return text;
  };

  /** The text a value travels as in a query, a path or a form field. */
  const toText = (value: unknown): string =>
    typeof value === 'string' ? value : JSON.stringify(value);

  /** Text that the parameter's schema refuses once read as its type. */
  const invalidText = (raw: JsonSchema): fc.Arbitrary<Broken | undefined> => {
    const schema = flat(raw);
    const numeric = ['number', 'integer'].includes(typeOf(schema) ?? '');
    const extra: Mutation[] = numeric
      ? [
          {
            path: [],
            what: '(raíz): no es un número',
            value: fc.constantFrom('abc', '12abc', '1e400', 'NaN', 'Infinity', '0x1G', '--1'),
          },
        ]
      : [];
    return valid(raw).chain((value) =>
      fc
        .constantFrom(...mutations(raw, value, []).filter((m) => m.path.length === 0), ...extra)
        .chain((mutation) =>
          mutation.value.map((inner) => {
            const text = toText(inner);
            return accepts(raw, fromText(raw, text))
              ? undefined
              : { value: text, what: mutation.what.replace('(raíz): ', '') };
          }),
        ),
    );
  };

  return {
    deref,
    flat,
    typeOf,
    valid,
    invalid,
    invalidText,
    fromText,
    toText,
    accepts,
    problem,
  };
}

export type SchemaArbitraries = ReturnType<typeof schemaArbitraries>;
