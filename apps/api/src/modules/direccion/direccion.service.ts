import type { crearDireccionRequestSchema, Direccion } from '@compra-grupal/contracts';
import type { z } from 'zod';
import { requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
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
    async listar(actor: Actor | null, userId: string): Promise<Direccion[]> {
      requireOwner(actor, userId);
      await requireUsuario(userId);
      return (await repository.findByUsuario(userId)).map(toDireccion);
    },
    async agregar(
      actor: Actor | null,
      userId: string,
      datos: z.output<typeof crearDireccionRequestSchema>,
    ): Promise<Direccion> {
      requireOwner(actor, userId);
      await requireUsuario(userId);
      return toDireccion(await repository.insert({ id: newId(), usuarioId: userId, ...datos }));
    },
  };
}
