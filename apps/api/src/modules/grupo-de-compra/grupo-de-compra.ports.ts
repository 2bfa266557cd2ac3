/**
 * What the grupo-de-compra module offers other modules (docs/decisions/031): the places
 * ledger's writes, run inside the caller's transaction with the repositories it declares as
 * `LugaresDelGrupo`. Other modules name these, never the repository or the ledger file.
 */
export type { CancelacionRepository } from './cancelacion.repository';
export {
  abrirGrupo,
  anunciarGrupoActualizado,
  type CancelacionDelGrupo,
  cancelarGrupo,
  cancelarGrupoVacio,
  fijarPrecio,
  type LugaresDelGrupo,
  type ProductoParaGrupo,
  preciosCoinciden,
  tomarLugares,
} from './grupo-de-compra.ledger';
