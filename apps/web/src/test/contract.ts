import type { z } from 'zod';
import { json } from './fetch';

/**
 * A mock answer checked against its contract schema where it is built: a fixture that drifts
 * from `packages/contracts` fails the test that builds it instead of passing on a shape the
 * API can no longer send. Returns the parsed value (what the API's serializer would send).
 */
export function checked<S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> {
  return schema.parse(value);
}

/** A JSON answer whose body is checked against its contract schema. */
export function contractJson<S extends z.ZodType>(
  schema: S,
  body: z.input<S>,
  status = 200,
): Response {
  return json(checked(schema, body), status);
}
