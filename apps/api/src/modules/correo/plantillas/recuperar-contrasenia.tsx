import { Text } from '@react-email/text';
import { z } from 'zod';
import { Boton, Marco } from './marco';
import { definirPlantilla } from './plantilla';

/** Sent on '¿Olvidaste tu contraseña?': the single-use link (30 minutes) to set a new one. */
export const recuperarContrasenia = definirPlantilla({
  // The account's name only once its address was verified (docs/decisions/050).
  sinVerificar: (datos) => ({ ...datos, nombre: null }),
  esquema: z.object({ nombre: z.string().nullable(), enlace: z.url() }),
  asunto: () => 'Restablecé tu contraseña de Compra Grupal',
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia="El enlace para elegir una contraseña nueva" contexto={contexto}>
      <Text>{datos.nombre ? `Hola, ${datos.nombre}:` : 'Hola:'}</Text>
      <Text>
        Nos pediste restablecer la contraseña de tu cuenta. Tocá el botón para elegir una nueva. El
        enlace vale 30 minutos y se usa una sola vez.
      </Text>
      <Boton href={datos.enlace}>Elegir una contraseña nueva</Boton>
      <Text style={{ color: '#71717a', fontSize: 14 }}>
        Si no lo pediste, ignorá este mensaje: tu contraseña sigue siendo la misma.
      </Text>
    </Marco>
  ),
});
