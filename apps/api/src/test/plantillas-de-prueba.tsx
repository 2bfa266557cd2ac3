import type { TipoDeAviso } from '@compra-grupal/contracts';
import { Text } from '@react-email/text';
import { z } from 'zod';
import { type NombreDePlantilla, plantillas } from '../modules/correo/plantillas';
import { Boton, Marco } from '../modules/correo/plantillas/marco';
import {
  type ContextoDeCorreo,
  definirPlantilla,
  type PlantillaDeCorreo,
} from '../modules/correo/plantillas/plantilla';

const esquema = z.object({ nombre: z.string().max(100), enlace: z.url() });

function CuerpoDePrueba({
  datos,
  contexto,
}: {
  datos: z.output<typeof esquema>;
  contexto: ContextoDeCorreo;
}) {
  return (
    <Marco vistaPrevia="Un aviso de prueba" contexto={contexto}>
      <Text>Hola, {datos.nombre}:</Text>
      <Boton href={datos.enlace}>Ver el pedido</Boton>
    </Marco>
  );
}

/** A template of the tests' own, of one kind of the notification center. */
const plantillaDePrueba = (tipoDeAviso: TipoDeAviso) =>
  definirPlantilla({
    esquema,
    asunto: (datos) => `Aviso de prueba para ${datos.nombre}`,
    Cuerpo: CuerpoDePrueba,
    tipoDeAviso,
    sinVerificar: (datos) => ({ ...datos, nombre: '' }),
  });

const registro = plantillas as unknown as Record<string, PlantillaDeCorreo>;

/**
 * Adds two templates for the mail pipeline's tests (one of a kind people can turn off,
 * `pedido_creado`, and one essential, `pago_aprobado`) and returns their names and the way to
 * remove them: test files share modules (isolate: false), so each file takes them out again.
 */
export function agregarPlantillasDePrueba() {
  const noEsencial = 'prueba-no-esencial' as NombreDePlantilla;
  const esencial = 'prueba-esencial' as NombreDePlantilla;
  registro[noEsencial] = plantillaDePrueba('pedido_creado');
  registro[esencial] = plantillaDePrueba('pago_aprobado');
  return {
    noEsencial,
    esencial,
    quitar() {
      delete registro[noEsencial];
      delete registro[esencial];
    },
  };
}
