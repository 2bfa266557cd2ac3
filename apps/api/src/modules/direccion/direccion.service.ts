import type { crearDireccionRequestSchema, Direccion } from '@compra-grupal/contracts';
import type { z } from 'zod';
import { newId } from '../../lib/ids';
import type { UsuarioService } from '../usuario/usuario.service';
import { usuarioErrors } from '../usuario/usuario.service';
import type { DireccionRepository, DireccionRow } from './direccion.repository';

const toDireccion = (row: DireccionRow): Direccion => ({
  _id: row.id,
  direccion: row.direccion,
  departamento: row.departamento,
  descripcion: row.descripcion,
  ciudad: row.ciudad,
  provincia: row.provincia,
  codigoPostal: row.codigoPostal,
  latitud: row.latitud,
  longitud: row.longitud,
});

export function createDireccionService(repository: DireccionRepository, usuarios: UsuarioService) {
  async function requireUsuario(userId: string) {
    if (!(await usuarios.exists(userId))) throw usuarioErrors.noEncontrado();
  }

  return {
    async listar(userId: string): Promise<Direccion[]> {
      await requireUsuario(userId);
      return (await repository.findByUsuario(userId)).map(toDireccion);
    },
    async agregar(
      userId: string,
      datos: z.output<typeof crearDireccionRequestSchema>,
    ): Promise<Direccion> {
      await requireUsuario(userId);
      return toDireccion(await repository.insert({ id: newId(), usuarioId: userId, ...datos }));
    },
  };
}
