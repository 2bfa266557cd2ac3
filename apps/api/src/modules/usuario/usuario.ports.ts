import type { UsuarioRepository } from './usuario.repository';

/**
 * What the usuario module offers other modules (docs/decisions/031): a person's name and email,
 * as a message greets them and is sent (aviso). Other modules name this, never the repository.
 */
export type ContactoDeUsuario = Pick<UsuarioRepository, 'findContacto'>;
