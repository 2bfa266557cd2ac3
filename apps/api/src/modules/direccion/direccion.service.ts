import type { Direccion, NuevaDireccion, UbicarDireccionRequest } from '@compra-grupal/contracts';
import { requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { UsuarioService } from '../usuario/usuario.service';
import { usuarioErrors } from '../usuario/usuario.service';
import type { DireccionRepository, DireccionRow } from './direccion.repository';

const toDireccion = (row: DireccionRow): Direccion => ({
  _id: row.id,
  direccion: row.direccion,
  calle: row.calle,
  altura: row.altura,
  departamento: row.departamento,
  descripcion: row.descripcion,
  ciudad: row.ciudad,
  provincia: row.provincia,
  codigoPostal: row.codigoPostal,
  latitud: row.latitud,
  longitud: row.longitud,
});

export function createDireccionService({
  repository,
  usuarios,
}: {
  repository: DireccionRepository;
  usuarios: UsuarioService;
}) {
  async function requireUsuario(usuarioId: string) {
    if (!(await usuarios.exists(usuarioId))) throw usuarioErrors.noEncontrado();
  }

  return {
    async listar(actor: Actor | null, usuarioId: string): Promise<Direccion[]> {
      requireOwner(actor, usuarioId);
      await requireUsuario(usuarioId);
      return (await repository.findByUsuario(usuarioId)).map(toDireccion);
    },
    async agregar(
      actor: Actor | null,
      usuarioId: string,
      datos: NuevaDireccion,
    ): Promise<Direccion> {
      requireOwner(actor, usuarioId);
      await requireUsuario(usuarioId);
      return toDireccion(await repository.insert({ id: newId(), usuarioId: usuarioId, ...datos }));
    },
    /**
     * Places the point of one of the user's addresses (one typed at sign-up has none). Another
     * user's address is 404, as an unknown one.
     */
    async ubicar(
      actor: Actor | null,
      usuarioId: string,
      direccionId: string,
      punto: UbicarDireccionRequest,
    ): Promise<Direccion> {
      requireOwner(actor, usuarioId);
      await requireUsuario(usuarioId);
      const row = await repository.updateUbicacion(direccionId, usuarioId, {
        latitud: punto.latitud,
        longitud: punto.longitud,
      });
      if (!row) throw notFound('DIRECCION_NO_ENCONTRADA');
      return toDireccion(row);
    },
  };
}
