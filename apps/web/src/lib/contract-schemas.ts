/**
 * The contract schemas that always-loaded code (api client, shell) and the public pages'
 * signed-in-only queries (support contact, ownership, the shopper's groups) parse answers with.
 * Import this module dynamically — `await import('@/lib/contract-schemas')` — so zod and the
 * schemas (about 26 kB gzipped) load with the first answer to parse instead of with the first
 * page. Lazy screens import the contracts directly; vite.config.ts marks the contracts
 * package side-effect free so a constant imported on the first page does not bring zod along.
 */
export {
  accessTokenResponseSchema,
  esAdminResponseSchema,
  esPropietarioResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  pedidosConGruposResponseSchema,
  soporteSchema,
  usuarioResponseSchema,
} from '@compra-grupal/contracts';
