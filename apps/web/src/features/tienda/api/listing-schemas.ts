/**
 * The contract schemas of the marketplace listing's answers. Import this module dynamically
 * (`await import('./listing-schemas')`): zod then loads with the first answer instead of with
 * the home page (decision 007).
 */
export { categoriasSchema, tiendasQueCubrenResponseSchema } from '@compra-grupal/contracts';
