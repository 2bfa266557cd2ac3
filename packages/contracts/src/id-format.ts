/*
 * The id format apart from its schema (`ids.ts`): screens that only check a path segment read
 * it without loading zod, since a bundler keeps a module whole.
 */

/** Every id on the wire is 24 lowercase hex characters (ObjectId format). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/** Whether `value` can be an id: for code that checks a path segment without loading zod. */
export function esIdValido(value: string): boolean {
  return ID_PATTERN.test(value);
}
