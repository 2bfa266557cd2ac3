import { CONSTANTES } from '@compra-grupal/contracts';
import {
  BoxesIcon,
  DollarSignIcon,
  FileTextIcon,
  ImageUpIcon,
  type LucideIcon,
  PackageIcon,
  TagsIcon,
  UsersRoundIcon,
} from 'lucide-react';

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

export interface PasoInfo {
  campo: CampoPaso;
  /** The step's chip: the spec's names, 'Nombre' to 'Imagen'. */
  chip: string;
  /** The label of the step's field. */
  etiqueta: string;
  titulo: string;
  ayuda: string;
  icono: LucideIcon;
}

export const PASOS: readonly PasoInfo[] = [
  {
    campo: 'nombre',
    chip: 'Nombre',
    etiqueta: 'Nombre del producto',
    titulo: '¿Qué producto vas a vender?',
    ayuda: 'Un nombre claro ayuda a que tus compradores lo encuentren.',
    icono: PackageIcon,
  },
  {
    campo: 'descripcion',
    chip: 'Descripción',
    etiqueta: 'Descripción',
    titulo: 'Describe tu producto',
    ayuda: 'Cuenta qué incluye, su tamaño, su origen o lo que lo hace especial.',
    icono: FileTextIcon,
  },
  {
    campo: 'precio',
    chip: 'Precio',
    etiqueta: 'Precio (en pesos)',
    titulo: '¿Cuánto cuesta?',
    ayuda: 'El precio por unidad que paga cada comprador del grupo.',
    icono: DollarSignIcon,
  },
  {
    campo: 'cantidadTotalGrupo',
    chip: 'Cantidad del Grupo',
    etiqueta: 'Cantidad del grupo',
    titulo: '¿Cuántos lugares tiene el grupo?',
    ayuda: 'La compra grupal se completa cuando se ocupan todos estos lugares.',
    icono: UsersRoundIcon,
  },
  {
    campo: 'stock',
    chip: 'Stock',
    etiqueta: 'Stock disponible',
    titulo: '¿Cuántas unidades tienes?',
    ayuda: 'Las unidades que puedes vender en total.',
    icono: BoxesIcon,
  },
  {
    campo: 'categoria',
    chip: 'Categoría',
    etiqueta: 'Categoría',
    titulo: '¿En qué categoría va?',
    ayuda: 'Elige una de las categorías de tu tienda.',
    icono: TagsIcon,
  },
  {
    campo: 'imagen',
    chip: 'Imagen',
    etiqueta: 'Imagen del producto',
    titulo: 'Sube una foto del producto',
    ayuda: 'Una buena foto vende más. Se muestra en tu tienda y en el marketplace.',
    icono: ImageUpIcon,
  },
];

/** What the wizard collects, one field per step; the numbers as typed. */
export interface DatosProducto {
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
};

/** Whether a step has a value (spec part 2, section 5: steps 1 to 6 need a non-empty one). */
export function pasoCompleto(paso: number, datos: DatosProducto): boolean {
  switch (paso) {
    case 1:
      return datos.nombre.trim() !== '';
    case 2:
      return datos.descripcion.trim() !== '';
    case 3:
      return datos.precio.trim() !== '';
    case 4:
      return datos.cantidadTotalGrupo.trim() !== '';
    case 5:
      return datos.stock.trim() !== '';
    case 6:
      return datos.categoriaLocalId !== null;
    case TOTAL_PASOS:
      return datos.imagen !== null;
    default:
      return false;
  }
}
