import { Text } from '@react-email/text';
import { z } from 'zod';
import { Boton, Marco } from './marco';
import { definirPlantilla } from './plantilla';

/**
 * Sent after a password reset (essential: it cannot be turned off). Every device was signed
 * out; if the person did not do it, the recovery link is where to take the account back.
 */
export const contraseniaCambiada = definirPlantilla({
  sinVerificar: (datos) => ({ ...datos, nombre: '' }),
  esquema: z.object({ nombre: z.string() }),
  asunto: () => 'Tu contraseña de Compra Grupal cambió',
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia="Tu contraseña cambió y cerramos tus sesiones" contexto={contexto}>
      <Text>{datos.nombre ? `Hola, ${datos.nombre}:` : 'Hola:'}</Text>
      <Text>
        Tu contraseña de Compra Grupal cambió. Por seguridad, cerramos la sesión en todos tus
        dispositivos: ingresá de nuevo con la contraseña nueva.
      </Text>
      <Boton href={`${contexto.urlPublica}/login`}>Ingresar</Boton>
      <Text style={{ color: '#71717a', fontSize: 14 }}>
        Si no fuiste vos, pedí un enlace nuevo desde '¿Olvidaste tu contraseña?' para recuperar tu
        cuenta.
      </Text>
    </Marco>
  ),
});
