import { Text } from '@react-email/text';
import { z } from 'zod';
import { Boton, Marco } from './marco';
import { definirPlantilla } from './plantilla';

/**
 * Sent on registration and by 'Reenviar': the single-use link that verifies the address. The
 * address is not verified yet, so it carries nothing its registrant typed (docs/decisions/050:
 * no name, which could hold links for a stranger's inbox).
 */
export const verificarEmail = definirPlantilla({
  sinVerificar: (datos) => datos,
  esquema: z.object({ enlace: z.url() }),
  asunto: () => 'Confirmá tu correo en Compra Grupal',
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia="Confirmá tu correo para terminar de crear tu cuenta" contexto={contexto}>
      <Text>Hola:</Text>
      <Text>
        Para confirmar que este correo es tuyo, tocá el botón. El enlace vale 24 horas y se usa una
        sola vez.
      </Text>
      <Boton href={datos.enlace}>Confirmar mi correo</Boton>
      <Text style={{ color: '#71717a', fontSize: 14 }}>
        Si no creaste una cuenta en Compra Grupal, ignorá este mensaje.
      </Text>
    </Marco>
  ),
});
