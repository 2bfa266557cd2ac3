import { CONSTANTES } from '@compra-grupal/contracts';
import {
  Building2Icon,
  FileTextIcon,
  ImageUpIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  StoreIcon,
  TagsIcon,
  TruckIcon,
} from 'lucide-react';
import { z } from 'zod';
import { textoRequerido, valorRequerido } from '@/components/wizard/use-wizard';
import type { PasoVisible } from '@/components/wizard/wizard-pantalla';
import type { DireccionTienda } from '../../api/crear-tienda';
import { entregaEnGrupoEscritaSchema } from '../../lib/entrega-en-grupo';

/** The wizard's steps (spec part 2, sections 2 and 9): 9 of them, progress = step / 9. */
export const TOTAL_PASOS = CONSTANTES.pasosAsistenteTienda;

/** The wizard closes this long after the store was created (spec part 2, section 9). */
export const CIERRE_TRAS_CREAR_MS = 2000;

export const TITULO_ASISTENTE = 'Configurar Tienda';

/** Texts of the spec (part 2, sections 2, 5 and 8), to the letter. */
export const TEXTOS = {
  crear: 'Crear Tienda',
  creando: 'Creando tienda...',
  creada: 'Tienda creada',
  campoRequerido: 'Campo requerido',
  completaElCampo: 'Por favor completa este campo antes de continuar',
  valorNoValido: 'Valor no válido',
  subeElLogo: 'Por favor sube el logo de tu tienda antes de continuar',
  categoriaVacia: 'No se encontró ninguna categoría.',
  volverAlMapa: 'Volver al mapa',
  confirmar: 'Confirmar',
  departamento: 'Departamento',
  errorAlCargarDatos: 'Error al cargar datos',
  errorAlCargarDatosDetalle: 'No se pudieron cargar las categorías o las coberturas.',
  errorDeAutenticacion: 'Error de autenticación',
  sinIdDeUsuario: 'No se pudo obtener el ID del usuario',
  sinDireccion: 'No se ha seleccionado una dirección',
  sinDireccionDetalle: 'Vuelve al paso de ubicación y elige la dirección de tu tienda.',
  logoObligatorio: 'Logo obligatorio',
  debesSubirLogo: 'Debes subir un logo para tu tienda',
  errorAlCrear: 'Error al crear tienda',
  problemaAlConfigurar: 'Hubo un problema al configurar tu tienda. Inténtalo de nuevo.',
  creadaExitosamente: 'Tienda creada exitosamente',
  vinculaTuCuenta:
    'Ahora vincula tu cuenta de Mercado Pago para empezar a recibir los pagos de tus ventas.',
} as const;

export type CampoPaso =
  | 'nombre'
  | 'descripcion'
  | 'telefono'
  | 'email'
  | 'razonSocial'
  | 'categoria'
  | 'direccion'
  | 'cobertura'
  | 'logo';

export interface PasoInfo extends PasoVisible {
  campo: CampoPaso;
  /** The label of the step's field. */
  etiqueta: string;
  /**
   * What the step checks (spec part 2, section 5: only that it has a value; the coverage step
   * also checks the 'Entrega en grupo' prices with the contract's schema).
   */
  schema: z.ZodObject;
}

const lleno = () => textoRequerido(TEXTOS.completaElCampo);

export const PASOS: readonly PasoInfo[] = [
  {
    campo: 'nombre',
    chip: 'Nombre',
    etiqueta: 'Nombre de la tienda',
    titulo: '¿Cómo se llama tu tienda?',
    ayuda: 'Es lo primero que ven tus compradores. Elige un nombre corto y fácil de recordar.',
    icono: StoreIcon,
    schema: z.object({ nombre: lleno() }),
  },
  {
    campo: 'descripcion',
    chip: 'Descripción',
    etiqueta: 'Descripción',
    titulo: 'Cuéntanos sobre tu tienda',
    ayuda: 'Qué vendes y qué hace especial a tu tienda.',
    icono: FileTextIcon,
    schema: z.object({ descripcion: lleno() }),
  },
  {
    campo: 'telefono',
    chip: 'Teléfono',
    etiqueta: 'Teléfono de contacto',
    titulo: '¿Cómo te contactan?',
    ayuda: 'Para coordinar entregas y responder consultas de tus compradores.',
    icono: PhoneIcon,
    schema: z.object({ telefono: lleno() }),
  },
  {
    campo: 'email',
    chip: 'Email',
    etiqueta: 'Email de contacto',
    titulo: '¿A qué email te escriben?',
    ayuda: 'Tus compradores y nuestro equipo te escribirán a este email.',
    icono: MailIcon,
    schema: z.object({ email: lleno() }),
  },
  {
    campo: 'razonSocial',
    chip: 'Razón social',
    etiqueta: 'Razón social',
    titulo: '¿Cuál es tu razón social?',
    ayuda: 'El nombre legal de tu negocio o el tuyo si vendes como persona.',
    icono: Building2Icon,
    schema: z.object({ razonSocial: lleno() }),
  },
  {
    campo: 'categoria',
    chip: 'Categoría',
    etiqueta: 'Categoría',
    titulo: '¿Qué vendes?',
    ayuda: 'Ayuda a que los compradores te encuentren al filtrar el marketplace.',
    icono: TagsIcon,
    schema: z.object({ categoriaId: valorRequerido<string>(TEXTOS.completaElCampo) }),
  },
  {
    campo: 'direccion',
    chip: 'Ubicación',
    etiqueta: 'Ubicación',
    titulo: '¿Dónde está tu tienda?',
    ayuda: 'Desde esta dirección calculamos hasta dónde llegan tus entregas.',
    icono: MapPinIcon,
    schema: z.object({ direccion: valorRequerido<DireccionTienda>(TEXTOS.completaElCampo) }),
  },
  {
    campo: 'cobertura',
    chip: 'Cobertura',
    etiqueta: 'Cobertura de entrega',
    titulo: '¿Hasta dónde entregas?',
    ayuda: 'Elige hasta qué distancia de tu tienda llegan tus entregas.',
    icono: TruckIcon,
    // 'Entrega en grupo' (issue 36) rides along: optional, but its prices must be valid.
    schema: z.object({
      coberturaId: valorRequerido<string>(TEXTOS.completaElCampo),
      entregaEnGrupo: entregaEnGrupoEscritaSchema,
    }),
  },
  {
    campo: 'logo',
    chip: 'Logo',
    etiqueta: 'Logo (opcional)',
    titulo: 'Sube el logo de tu tienda',
    ayuda: 'Se muestra en tu tienda y en el marketplace.',
    icono: ImageUpIcon,
    schema: z.object({ logo: valorRequerido<File>(TEXTOS.subeElLogo) }),
  },
];
