import { z } from 'zod';

interface Json {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  nullable?: boolean;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  definitions?: Record<string, Json>;
}

/** A value for `schema` from its examples, defaults and bounds; undefined where none is sure. */
function exampleOf(
  schema: Json | undefined,
  definitions: Record<string, Json>,
  depth = 0,
): unknown {
  if (!schema || depth > 12) return undefined;
  if (schema.$ref) {
    return exampleOf(definitions[schema.$ref.split('/').pop() ?? ''], definitions, depth + 1);
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.[0] !== undefined && schema.enum[0] !== null) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && schema.properties) {
    // Beside properties, the alternatives only say which of them are required: the first set.
    const { anyOf: _a, oneOf: _o, ...objeto } = schema;
    const requeridos = [...(schema.required ?? []), ...(alternatives[0]?.required ?? [])];
    return exampleOf({ ...objeto, required: requeridos }, definitions, depth + 1);
  }
  if (alternatives) {
    for (const alternative of alternatives) {
      const value = exampleOf(alternative, definitions, depth + 1);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => exampleOf(part, definitions, depth + 1));
    return parts.every((part) => typeof part === 'object' && part !== null)
      ? Object.assign({}, ...parts)
      : parts[0];
  }
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const required = schema.required?.includes(name) ?? false;
        if (!required && property.example === undefined) continue;
        const field = exampleOf(property, definitions, depth + 1);
        if (field === undefined && required) return undefined;
        if (field !== undefined) value[name] = field;
      }
      return value;
    }
    case 'array': {
      const item = exampleOf(schema.items, definitions, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return 'ana.perez@ejemplo.com.ar';
      if (schema.format === 'date-time') return '2026-01-15T12:00:00.000Z';
      if (schema.pattern) return undefined;
      const text = 'Texto de ejemplo';
      return text.padEnd(schema.minLength ?? 0, '.').slice(0, schema.maxLength ?? text.length);
    }
    default:
      return undefined;
  }
}

/**
 * An example of a JSON request body, built from its contract's examples, defaults and bounds,
 * and kept only if the contract itself accepts it.
 */
export function bodyExample(body: unknown): unknown {
  if (!(body instanceof z.ZodType)) return undefined;
  let json: Json;
  try {
    json = z.toJSONSchema(body, {
      target: 'openapi-3.0',
      io: 'input',
      unrepresentable: 'any',
    }) as Json;
  } catch {
    return undefined;
  }
  const value = exampleOf(json, json.definitions ?? {});
  return value !== undefined && body.safeParse(value).success ? value : undefined;
}
