import {
  CONSTANTES,
  crearProductoCamposSchema,
  PAQUETE_POR_DEFECTO,
} from '@compra-grupal/contracts';
import {
  BoxesIcon,
  DollarSignIcon,
  FileTextIcon,
  ImageUpIcon,
  PackageIcon,
  TagsIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { z } from 'zod';
import { textoRequerido, valorRequerido } from '@/components/wizard/use-wizard';
import type { PasoVisible } from '@/components/wizard/wizard-pantalla';
import { leerNumero } from '@/lib/numeros';
import { medidaEscrita, type PaqueteEscrito, paqueteEscrito } from '../../lib/paquete';
import { TEXTOS } from '../../lib/textos';

/** The product wizard's steps (spec part 2, sections 2 and 9): 7 of them, progress = step / 7. */
export const TOTAL_PASOS = CONSTANTES.pasosAsistenteProducto;

export const TITULO_ASISTENTE = 'Cargar Producto';

export type CampoPaso =
  | 'nombre'
  | 'descripcion'
  | 'precio'
  | 'cantidadTotalGrupo'
  | 'stock'
  | 'categoria'
  | 'imagen';

export interface PasoInfo extends PasoVisible {
  campo: CampoPaso;
  /** The label of the step's field. */
  etiqueta: string;
  /**
   * What the step checks (spec part 2, section 5): a value ('Campo requerido'), the contract's
   * rule of each number ('Valor no válido'), the picture on loading ('Imagen requerida').
   */
  schema: z.ZodObject;
}

const reglas = crearProductoCamposSchema.shape;
const lleno = () => textoRequerido(TEXTOS.completaElCampo);

/** A number as typed, then the contract's rule of it; an optional one may stay empty. */
function numero(regla: z.ZodType, opcional = false) {
  return z.string().superRefine((texto, ctx) => {
    if (texto.trim() === '') {
      if (!opcional) ctx.addIssue({ code: 'custom', message: TEXTOS.completaElCampo });
      return;
    }
    const resultado = regla.safeParse(leerNumero(texto));
    if (!resultado.success) {
      const message = resultado.error.issues[0]?.message ?? TEXTOS.valorNoValido;
      ctx.addIssue({ code: 'custom', message });
    }
  });
}

export const PASOS: readonly PasoInfo[] = [
  {
    campo: 'nombre',
    chip: 'Nombre',
    etiqueta: 'Nombre del producto',
    titulo: '¿Qué producto vas a vender?',
    ayuda: 'Un nombre claro ayuda a que tus compradores lo encuentren.',
    icono: PackageIcon,
    schema: z.object({ nombre: lleno() }),
  },
  {
    campo: 'descripcion',
    chip: 'Descripción',
    etiqueta: 'Descripción',
    titulo: 'Describe tu producto',
    ayuda: 'Cuenta qué incluye, su tamaño, su origen o lo que lo hace especial.',
    icono: FileTextIcon,
    schema: z.object({ descripcion: lleno() }),
  },
  {
    campo: 'precio',
    chip: 'Precio',
    etiqueta: 'Precio (en pesos)',
    titulo: '¿Cuánto cuesta?',
    ayuda: 'El precio por unidad que paga cada comprador del grupo.',
    icono: DollarSignIcon,
    schema: z.object({ precio: numero(reglas.precio) }),
  },
  {
    campo: 'cantidadTotalGrupo',
    chip: 'Cantidad del Grupo',
    etiqueta: 'Cantidad del grupo',
    titulo: '¿Cuántos lugares tiene el grupo?',
    ayuda: 'La compra grupal se completa cuando se ocupan todos estos lugares.',
    icono: UsersRoundIcon,
    schema: z.object({
      cantidadTotalGrupo: numero(reglas.cantidadTotalGrupo),
      plazoGrupoDias: numero(reglas.plazoGrupoDias, true),
    }),
  },
  {
    campo: 'stock',
    chip: 'Stock',
    etiqueta: 'Stock disponible',
    titulo: '¿Cuántas unidades tienes?',
    ayuda: 'Las unidades que puedes vender en total.',
    icono: BoxesIcon,
    // With the stock, one unit's package ('Embalaje', not in the spec: docs/decisions/051).
    schema: z.object({
      stock: numero(reglas.stock),
      peso: medidaEscrita('peso', TEXTOS.completaElCampo),
      largo: medidaEscrita('largo', TEXTOS.completaElCampo),
      ancho: medidaEscrita('ancho', TEXTOS.completaElCampo),
      alto: medidaEscrita('alto', TEXTOS.completaElCampo),
    }),
  },
  {
    campo: 'categoria',
    chip: 'Categoría',
    etiqueta: 'Categoría',
    titulo: '¿En qué categoría va?',
    ayuda: 'Elige una de las categorías de tu tienda.',
    icono: TagsIcon,
    schema: z.object({ categoriaLocalId: valorRequerido<string>(TEXTOS.completaElCampo) }),
  },
  {
    campo: 'imagen',
    chip: 'Imagen',
    etiqueta: 'Imagen del producto',
    titulo: 'Sube una foto del producto',
    ayuda: 'Una buena foto vende más. Se muestra en tu tienda y en el marketplace.',
    icono: ImageUpIcon,
    schema: z.object({ imagen: valorRequerido<File>(TEXTOS.seleccionaImagen) }),
  },
];

/**
 * What the wizard collects, one field per step; the numbers as typed. The package of one unit
 * (`peso`, `largo`, `ancho`, `alto`) is asked with the stock (step 5), prefilled with the usual
 * package of the store's category.
 */
export interface DatosProducto extends PaqueteEscrito {
  nombre: string;
  descripcion: string;
  precio: string;
  cantidadTotalGrupo: string;
  /** Optional, asked with the group quantity (step 4): days each group stays open. */
  plazoGrupoDias: string;
  stock: string;
  categoriaLocalId: string | null;
  /** The picture after the image rule. */
  imagen: File | null;
}

export const DATOS_VACIOS: DatosProducto = {
  nombre: '',
  descripcion: '',
  precio: '',
  cantidadTotalGrupo: '',
  plazoGrupoDias: '',
  stock: '',
  categoriaLocalId: null,
  imagen: null,
  ...paqueteEscrito(PAQUETE_POR_DEFECTO),
};
