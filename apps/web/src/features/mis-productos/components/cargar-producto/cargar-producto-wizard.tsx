import type { Producto } from '@compra-grupal/contracts';
import { LIMITES_PRODUCTO, paquetePorCategoria } from '@compra-grupal/contracts';
import { LoaderCircleIcon, PackagePlusIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ImagePicker } from '@/components/image-picker';
import { toast } from '@/components/ui/toast';
import { CampoPaso } from '@/components/wizard/campo-paso';
import { useWizard } from '@/components/wizard/use-wizard';
import { WizardPantalla } from '@/components/wizard/wizard-pantalla';
import { esTiendaNoEncontrada } from '@/entities/tienda/api/es-tienda-no-encontrada';
import { useCategoriasLocales } from '@/entities/tienda/api/get-categorias-locales';
import { filtrarDecimal, filtrarEntero, leerNumero } from '@/lib/numeros';
import { getStoredItem } from '@/lib/storage-keys';
import { useCrearProducto } from '../../api/crear-producto';
import { CLAVES_PAQUETE, type ClavePaquete, paqueteEscrito, paqueteLeido } from '../../lib/paquete';
import { TEXTOS } from '../../lib/textos';
import { CamposEmbalaje } from '../campos-embalaje';
import { PasoCategoria } from './paso-categoria';
import { DATOS_VACIOS, PASOS, TITULO_ASISTENTE, TOTAL_PASOS } from './pasos';

/** The toast's title of a step's problem: its message says which. */
function tituloDelProblema(mensaje: string): string {
  if (mensaje === TEXTOS.seleccionaImagen) return TEXTOS.imagenRequerida;
  return mensaje === TEXTOS.completaElCampo ? TEXTOS.campoRequerido : TEXTOS.valorNoValido;
}

export interface CargarProductoWizardProps {
  /** The signed-in user (from the access token); without it, loading says 'Error de autenticación'. */
  usuarioId: string | null;
  /** Closing without loading (the route goes to /). */
  onCerrar: () => void;
  /** The product was created (the route goes on to the seller's products). */
  onCreado: (producto: Producto) => void;
  /**
   * The name of the store's global category ('Almacén'), whose usual package the 'Embalaje'
   * fields propose; null when the store has none or it could not be read (the default package),
   * undefined while it is being read.
   */
  categoriaDeLaTienda?: string | null | undefined;
}

/** Which step holds a field the server refused (`detalles[].campo`, or the error's code). */
const PASO_DEL_CAMPO: Record<string, number> = {
  nombre: 1,
  descripcion: 2,
  precio: 3,
  cantidadTotalGrupo: 4,
  plazoGrupoDias: 4,
  stock: 5,
  paquete: 5,
  categoriaLocalId: 6,
  CATEGORIA_LOCAL_NO_ENCONTRADA: 6,
  imagen: 7,
  IMAGEN_REQUERIDA: 7,
  IMAGEN_NO_SOPORTADA: 7,
  IMAGEN_NO_PROCESABLE: 7,
};

/** The optional group term as sent: a number, or nothing when the field is empty. */
function plazoElegido(texto: string): number | undefined {
  return texto.trim() === '' ? undefined : leerNumero(texto);
}

/**
 * The product upload wizard 'Cargar Producto' (spec part 2, sections 2, 4, 5 and 8): a
 * full-screen view with seven steps (Nombre, Descripción, Precio, Cantidad del Grupo, Stock,
 * Categoría, Imagen), a progress bar, 'Paso N de 7', the percent and the step chips, Anterior
 * and Siguiente. Steps 1 to 6 need a value ('Campo requerido'); the picture is required when
 * loading ('Imagen requerida') and goes through the image rule first ('Imagen procesada').
 * The last step sends the multipart form once and says '¡Producto cargado exitosamente!'.
 * Step 5 also asks one unit's package ('Embalaje', not in the spec: shipping is priced from
 * it), proposed from the store's category and sent as the JSON field `paquete`.
 */
export function CargarProductoWizard({
  usuarioId,
  onCerrar,
  onCreado,
  categoriaDeLaTienda,
}: CargarProductoWizardProps) {
  const wizard = useWizard({
    pasos: PASOS,
    valoresIniciales: DATOS_VACIOS,
    tituloDelProblema,
    mensajePorDefecto: TEXTOS.completaElCampo,
    enfocarAlFallar: true,
  });
  const { paso, setPaso, valores: datos, actualizar, registrarCampo, pasoActual: info } = wizard;
  // Sending, and once the product exists (the route moves on).
  const cargando = wizard.envio !== 'editando';
  const [procesandoImagen, setProcesandoImagen] = useState(false);

  const crearProducto = useCrearProducto();
  const categorias = useCategoriasLocales(usuarioId ?? '', { enabled: usuarioId !== null });

  // 'Embalaje' proposes the usual package of the store's category once it is known, unless the
  // seller has already typed their own.
  const embalajeEditado = useRef(false);
  const { setValue } = wizard.form;
  useEffect(() => {
    if (categoriaDeLaTienda === undefined || embalajeEditado.current) return;
    const sugerido = paqueteEscrito(paquetePorCategoria(categoriaDeLaTienda));
    for (const clave of CLAVES_PAQUETE) setValue(clave, sugerido[clave]);
  }, [categoriaDeLaTienda, setValue]);
  const camposEmbalaje = useRef<Partial<Record<ClavePaquete, HTMLInputElement | null>>>({});
  const erroresEmbalaje = wizard.form.formState.errors;

  const cargar = async () => {
    if (!usuarioId) {
      toast({
        title: TEXTOS.errorDeAutenticacion,
        description: TEXTOS.sinIdDeUsuario,
        variant: 'destructive',
      });
      return;
    }
    const { imagen, categoriaLocalId } = datos;
    const tiendaId = categorias.data?.tiendaId ?? getStoredItem('tiendaId');
    if (!imagen) return;
    if (!categoriaLocalId || !tiendaId) {
      setPaso(6);
      toast({
        title: categoriaLocalId ? TEXTOS.tiendaNoEncontrada : TEXTOS.campoRequerido,
        description: categoriaLocalId ? undefined : TEXTOS.completaElCampo,
        variant: 'destructive',
      });
      return;
    }

    const producto = await wizard.enviar(
      () =>
        crearProducto.mutateAsync({
          vendedorId: usuarioId,
          tiendaId,
          nombre: datos.nombre.trim(),
          descripcion: datos.descripcion.trim(),
          precio: leerNumero(datos.precio),
          cantidadTotalGrupo: leerNumero(datos.cantidadTotalGrupo),
          plazoGrupoDias: plazoElegido(datos.plazoGrupoDias),
          stock: leerNumero(datos.stock),
          categoriaLocalId,
          paquete: paqueteLeido(datos),
          imagen,
        }),
      {
        titulo: TEXTOS.errorAlCargar,
        porDefecto: TEXTOS.problemaAlCargar,
        pasoDelCampo: PASO_DEL_CAMPO,
      },
    );
    if (!producto) return;
    toast({
      title: TEXTOS.cargadoExitosamente,
      description: `«${producto.nombre}» ya está en tu tienda.`,
    });
    onCreado(producto);
  };

  const avanzar = () => {
    if (cargando || procesandoImagen) return;
    // Loading needs the user first ('Error de autenticación'), then the picture.
    if (paso === TOTAL_PASOS && !usuarioId) return void cargar();
    void wizard.avanzar({ terminar: () => void cargar() }).then(() => {
      // The step's own field got the focus back; a refused 'Embalaje' field takes it instead.
      const { getFieldState } = wizard.form;
      if (info.campo !== 'stock' || getFieldState('stock').invalid) return;
      const refusada = CLAVES_PAQUETE.find((clave) => getFieldState(clave).invalid);
      if (refusada) camposEmbalaje.current[refusada]?.focus();
    });
  };

  const cambiarApertura = (abrir: boolean) => {
    if (!abrir && !cargando) onCerrar();
  };

  const contenido = (() => {
    switch (info.campo) {
      case 'nombre':
        return (
          <CampoPaso
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            value={datos.nombre}
            onChange={(valor) => actualizar('nombre', valor)}
            maxLength={120}
            autoComplete="off"
            placeholder="Ej.: Cajón de manzanas rojas (10 kg)"
          />
        );
      case 'descripcion':
        return (
          <CampoPaso
            multilinea
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            value={datos.descripcion}
            onChange={(valor) => actualizar('descripcion', valor)}
            maxLength={2000}
            placeholder="Ej.: Manzanas de estación del Alto Valle, seleccionadas a mano."
            ayuda="Shift + Enter para un salto de línea."
          />
        );
      case 'precio':
        return (
          <CampoPaso
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            prefijo="$"
            inputMode="decimal"
            autoComplete="off"
            value={datos.precio}
            onChange={(valor) => actualizar('precio', filtrarDecimal(valor))}
            maxLength={14}
            placeholder="Ej.: 12.500,50"
            ayuda="Usa coma para los centavos."
          />
        );
      case 'cantidadTotalGrupo':
        return (
          <div className="grid gap-6">
            <CampoPaso
              ref={registrarCampo}
              etiqueta={info.etiqueta}
              inputMode="numeric"
              autoComplete="off"
              value={datos.cantidadTotalGrupo}
              onChange={(valor) => actualizar('cantidadTotalGrupo', filtrarEntero(valor))}
              maxLength={5}
              placeholder="Ej.: 10"
              ayuda="Lugares necesarios para completar cada grupo."
            />
            <div className="rounded-xl border border-border/70 border-dashed bg-card/60 p-4">
              <CampoPaso
                etiqueta="Plazo del grupo (días)"
                inputMode="numeric"
                autoComplete="off"
                value={datos.plazoGrupoDias}
                onChange={(valor) => actualizar('plazoGrupoDias', filtrarEntero(valor))}
                maxLength={2}
                placeholder="Opcional, de 1 a 90"
                ayuda={`Opcional, hasta ${LIMITES_PRODUCTO.plazoGrupoDiasMaximo} días. Si un grupo no se completa a tiempo, se cancela y se reembolsa a sus participantes. Déjalo vacío para no poner plazo.`}
              />
            </div>
          </div>
        );
      case 'stock':
        return (
          <div className="grid gap-6">
            <CampoPaso
              ref={registrarCampo}
              etiqueta={info.etiqueta}
              inputMode="numeric"
              autoComplete="off"
              value={datos.stock}
              onChange={(valor) => actualizar('stock', filtrarEntero(valor))}
              maxLength={7}
              placeholder="Ej.: 100"
            />
            <CamposEmbalaje
              enAsistente
              errores={{
                peso: erroresEmbalaje.peso?.message,
                largo: erroresEmbalaje.largo?.message,
                ancho: erroresEmbalaje.ancho?.message,
                alto: erroresEmbalaje.alto?.message,
              }}
              campo={(clave) => ({
                ref: (elemento: HTMLInputElement | null) => {
                  camposEmbalaje.current[clave] = elemento;
                },
                value: datos[clave],
                onChange: (event) => {
                  embalajeEditado.current = true;
                  actualizar(clave, event.target.value);
                },
              })}
            />
          </div>
        );
      case 'categoria':
        return (
          <PasoCategoria
            inputRef={registrarCampo}
            etiqueta={info.etiqueta}
            categorias={categorias.data?.categoriasLocales}
            cargando={categorias.isPending && usuarioId !== null}
            error={categorias.isError && !esTiendaNoEncontrada(categorias.error)}
            sinTienda={categorias.isError && esTiendaNoEncontrada(categorias.error)}
            sinUsuario={usuarioId === null}
            onReintentar={() => void categorias.refetch()}
            value={datos.categoriaLocalId}
            onChange={(id) => actualizar('categoriaLocalId', id)}
          />
        );
      case 'imagen':
        return (
          <ImagePicker
            tipo="imagen"
            inputRef={registrarCampo}
            etiqueta={info.etiqueta}
            archivo={datos.imagen}
            onArchivo={(imagen) => actualizar('imagen', imagen)}
            onProcesando={setProcesandoImagen}
            avisarProcesada
          />
        );
    }
  })();

  return (
    <WizardPantalla
      wizard={wizard}
      onOpenChange={cambiarApertura}
      titulo={TITULO_ASISTENTE}
      descripcion={`Completa los ${TOTAL_PASOS} pasos para publicar tu producto.`}
      etiquetaProgreso="Progreso de la carga"
      pasos={PASOS}
      onAvanzar={avanzar}
      ocupado={cargando}
      avanceDeshabilitado={cargando || procesandoImagen}
      botonFinal={
        cargando ? (
          <>
            <LoaderCircleIcon className="animate-spin" aria-hidden />
            {TEXTOS.cargando}
          </>
        ) : (
          <>
            <PackagePlusIcon aria-hidden />
            {TEXTOS.cargarProducto}
          </>
        )
      }
    >
      {contenido}
    </WizardPantalla>
  );
}
