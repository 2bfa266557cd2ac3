import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { z } from 'zod';
import { Boton, Marco } from './marco';
import { definirPlantilla } from './plantilla';

/**
 * Sent when someone tries to register an address that already has an account (docs/decisions/
 * 050): the sign-up answers as for a new one, so only the address's owner learns it is taken.
 * It carries nothing the person who typed the address chose.
 */
export const cuentaExistente = definirPlantilla({
  sinVerificar: (datos) => datos,
  esquema: z.object({ enlaceIngreso: z.url(), enlaceRecuperar: z.url() }),
  asunto: () => 'Ya tenés una cuenta en Compra Grupal',
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia="Alguien intentó crear una cuenta con este correo" contexto={contexto}>
      <Text>Hola:</Text>
      <Text>
        Alguien (quizás vos) intentó crear una cuenta en Compra Grupal con este correo, pero ya
        tenés una. Iniciá sesión con tu contraseña.
      </Text>
      <Boton href={datos.enlaceIngreso}>Iniciar sesión</Boton>
      <Text>
        ¿No la recordás? <Link href={datos.enlaceRecuperar}>Elegí una contraseña nueva</Link>.
      </Text>
      <Text style={{ color: '#71717a', fontSize: 14 }}>
        Si no fuiste vos, ignorá este mensaje: tu cuenta sigue igual.
      </Text>
    </Marco>
  ),
});
