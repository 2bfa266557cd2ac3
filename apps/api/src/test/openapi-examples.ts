import type { FastifyInstance } from 'fastify';

/** The parts of the OpenAPI document (generated from the contracts) the route-table tests read. */
export interface JsonSchema {
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
  maxItems?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  pattern?: string;
  format?: string;
  not?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  description?: string;
}

export interface Operation {
  parameters?: {
    name: string;
    in: 'path' | 'query' | 'header' | 'cookie';
    required?: boolean;
    schema: JsonSchema;
  }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/**
 * Reads the app's OpenAPI document and builds valid example values from its schemas, so tests
 * that walk every route (fuzzing, ownership) cover a new route without being edited.
 * `valueFor` answers a value for a field by its name first (an id of the right owner, a fresh
 * email), or undefined to use the schema's example.
 */
export function openApiExamples(
  app: FastifyInstance,
  valueFor: (name: string) => unknown | undefined,
) {
  const doc = app.swagger() as unknown as OpenApiDocument;

  const deref = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const found = doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
    if (!found) throw new Error(`sin esquema ${schema.$ref}`);
    return deref(found);
  };

  /** The schema without its null alternative (`nullable`, `anyOf: [x, null]`). */
  const concrete = (raw: JsonSchema): JsonSchema => {
    const schema = deref(raw);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives && schema.properties) {
      // Beside properties, the alternatives only say which are required: the first set.
      const { anyOf: _a, oneOf: _o, ...objeto } = schema;
      return {
        ...objeto,
        required: [...(schema.required ?? []), ...(deref(alternatives[0] ?? {}).required ?? [])],
      };
    }
    if (alternatives) {
      const first = alternatives.map(deref).find((s) => s.type !== 'null');
      return first ? concrete(first) : schema;
    }
    if (schema.allOf?.[0]) return concrete(schema.allOf[0]);
    return schema;
  };

  const typeOf = (schema: JsonSchema) =>
    Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;

  /** A valid value for a field named `name`. */
  const example = (raw: JsonSchema, name: string): unknown => {
    const schema = concrete(raw);
    // A value by name only where the field is a string or number (an `email` record of flags
    // is not an address).
    const chosen = typeOf(schema) === 'object' ? undefined : valueFor(name);
    if (chosen !== undefined) return chosen;
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
        return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
      }
    }
  };

  return { doc, concrete, typeOf, example };
}
