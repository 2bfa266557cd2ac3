import {
  crearProductoCamposSchema,
  LIMITES_PRODUCTO,
  type Producto,
} from '@compra-grupal/contracts';
import { ChevronLeftIcon, ChevronRightIcon, LoaderCircleIcon, PackagePlusIcon } from 'lucide-react';
import {
  type ComponentProps,
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { type ToastOptions, toast } from '@/components/ui/toast';
import { WizardEncabezado } from '@/components/wizard-encabezado';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { getStoredItem } from '@/lib/storage-keys';
import { cn } from '@/lib/utils';
import { useCrearProducto } from '../../api/crear-producto';
import { esTiendaNoEncontrada, useCategoriasDelVendedor } from '../../api/get-categorias-locales';
import { filtrarDecimal, filtrarEntero, leerNumero } from '../../lib/numeros';
import { TEXTOS } from '../../lib/textos';
import { ImagenProductoPicker } from '../imagen-producto-picker';
import { PasoCategoria } from './paso-categoria';
import {
  DATOS_VACIOS,
  type DatosProducto,
  PASOS,
  pasoCompleto,
  TITULO_ASISTENTE,
  TOTAL_PASOS,
} from './pasos';

export interface CargarProductoWizardProps {
  /** The signed-in user (from the access token); without it, loading says 'Error de autenticación'. */
  userId: string | null;
  /** Closing without loading (the route goes to /). */
  onCerrar: () => void;
  /** The product was created (the route goes on to the seller's products). */
  onCreado: (producto: Producto) => void;
}

const CHIPS = PASOS.map((info) => info.chip);

/** Which step holds a field the server refused (`detalles[].campo`, or the error's code). */
const PASO_DEL_CAMPO: Record<string, number> = {
  nombre: 1,
  descripcion: 2,
  precio: 3,
  cantidadTotalGrupo: 4,
  plazoGrupoDias: 4,
  stock: 5,
  categoriaLocalId: 6,
  CATEGORIA_LOCAL_NO_ENCONTRADA: 6,
  imagen: 7,
  IMAGEN_REQUERIDA: 7,
  IMAGEN_NO_SOPORTADA: 7,
  IMAGEN_NO_PROCESABLE: 7,
};

/** The contract's rule of each number step: its message when the value breaks it. */
const REGLA_NUMERICA = {
  3: crearProductoCamposSchema.shape.precio,
  4: crearProductoCamposSchema.shape.cantidadTotalGrupo,
  5: crearProductoCamposSchema.shape.stock,
} as const;

function problemaNumerico(paso: number, datos: DatosProducto): string | null {
  const texto = paso === 3 ? datos.precio : paso === 4 ? datos.cantidadTotalGrupo : datos.stock;
  const regla = REGLA_NUMERICA[paso as keyof typeof REGLA_NUMERICA];
  if (!regla) return null;
  const resultado = regla.safeParse(leerNumero(texto));
  if (!resultado.success) return resultado.error.issues[0]?.message ?? TEXTOS.valorNoValido;
  return paso === 4 ? problemaPlazo(datos.plazoGrupoDias) : null;
}

/** The optional group term (1 to 90 days, the contract's rule); empty is fine. */
function problemaPlazo(texto: string): string | null {
  if (texto.trim() === '') return null;
  const resultado = crearProductoCamposSchema.shape.plazoGrupoDias.safeParse(leerNumero(texto));
  return resultado.success ? null : (resultado.error.issues[0]?.message ?? TEXTOS.valorNoValido);
}

/** The optional group term as sent: a number, or nothing when the field is empty. */
function plazoElegido(texto: string): number | undefined {
  return texto.trim() === '' ? undefined : leerNumero(texto);
}

/** A refusal of the server (400, 403) says why in its own words; anything else, the spec's text. */
function avisoDeCargaFallida(error: unknown): ToastOptions {
  let description: string = TEXTOS.problemaAlCargar;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    description = error.detalles[0]?.mensaje ?? error.serverMessage ?? description;
  }
  return { title: TEXTOS.errorAlCargar, description, variant: 'destructive' };
}

function pasoConError(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const campo = error.detalles[0]?.campo.split('.')[0];
  return (campo ? PASO_DEL_CAMPO[campo] : undefined) ?? PASO_DEL_CAMPO[error.code ?? ''];
}

/** Keys that act on the element itself rather than moving the wizard on. */
function enterPropio(elemento: HTMLElement): boolean {
  return (
    elemento instanceof HTMLButtonElement ||
    elemento instanceof HTMLAnchorElement ||
    elemento.getAttribute('role') === 'button' ||
    (elemento instanceof HTMLInputElement && elemento.type === 'file')
  );
}

/** A text or number step's field: label, box, a hint, and a counter when it gets long. */
function CampoPaso({
  etiqueta,
  ayuda,
  maxLength,
  value,
  multilinea = false,
  prefijo,
  ...props
}: {
  etiqueta: string;
  ayuda?: string;
  maxLength?: number;
  value: string;
  multilinea?: boolean;
  prefijo?: string;
} & Omit<ComponentProps<'input'>, 'value' | 'maxLength'>) {
  const id = useId();
  const ayudaId = `${id}-ayuda`;
  const contador = maxLength !== undefined && (multilinea || value.length >= maxLength * 0.8);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{etiqueta}</Label>
      {multilinea ? (
        <Textarea
          id={id}
          ref={props.ref as ComponentProps<'textarea'>['ref']}
          value={value}
          maxLength={maxLength}
          rows={5}
          placeholder={props.placeholder}
          aria-describedby={ayuda ? ayudaId : undefined}
          onChange={props.onChange as unknown as ComponentProps<'textarea'>['onChange']}
          className="min-h-32"
        />
      ) : (
        <div className="relative">
          {prefijo && (
            <span
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 font-medium text-muted-foreground"
            >
              {prefijo}
            </span>
          )}
          <Input
            {...props}
            id={id}
            value={value}
            maxLength={maxLength}
            aria-describedby={ayuda ? ayudaId : undefined}
            className={cn('h-11', prefijo && 'pl-7')}
          />
        </div>
      )}
      {(ayuda || contador) && (
        <div className="flex items-start justify-between gap-3 text-muted-foreground text-xs">
          {ayuda ? <p id={ayudaId}>{ayuda}</p> : <span />}
          {contador && (
            <span className="shrink-0 tabular-nums">
              {value.length}/{maxLength}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The product upload wizard 'Cargar Producto' (spec part 2, sections 2, 4, 5 and 8): a
 * full-screen view with seven steps (Nombre, Descripción, Precio, Cantidad del Grupo, Stock,
 * Categoría, Imagen), a progress bar, 'Paso N de 7', the percent and the step chips, Anterior
 * and Siguiente. Steps 1 to 6 need a value ('Campo requerido'); the picture is required when
 * loading ('Imagen requerida') and goes through the image rule first ('Imagen procesada').
 * The last step sends the multipart form once and says '¡Producto cargado exitosamente!'.
 */
export function CargarProductoWizard({ userId, onCerrar, onCreado }: CargarProductoWizardProps) {
  const [paso, setPaso] = useState(1);
  const [datos, setDatos] = useState<DatosProducto>(DATOS_VACIOS);
  const [cargando, setCargando] = useState(false);
  const [procesandoImagen, setProcesandoImagen] = useState(false);
  const enCurso = useRef(false);
  const campo = useRef<HTMLElement | null>(null);
  const tituloId = useId();

  const crearProducto = useCrearProducto();
  const categorias = useCategoriasDelVendedor(userId ?? '', { enabled: userId !== null });

  const registrarCampo = useCallback((elemento: HTMLElement | null) => {
    campo.current = elemento;
  }, []);
  const enfocarCampo = useCallback(() => {
    campo.current?.focus();
  }, []);

  // Each step puts the focus on its field.
  const pasoEnfocado = useRef(paso);
  useEffect(() => {
    if (pasoEnfocado.current === paso) return;
    pasoEnfocado.current = paso;
    enfocarCampo();
  }, [paso, enfocarCampo]);

  const actualizar = <K extends keyof DatosProducto>(clave: K, valor: DatosProducto[K]) =>
    setDatos((actuales) => ({ ...actuales, [clave]: valor }));

  const cargar = async () => {
    if (enCurso.current) return;
    if (!userId) {
      toast({
        title: TEXTOS.errorDeAutenticacion,
        description: TEXTOS.sinIdDeUsuario,
        variant: 'destructive',
      });
      return;
    }
    const { imagen, categoriaLocalId } = datos;
    if (!imagen) {
      toast({
        title: TEXTOS.imagenRequerida,
        description: TEXTOS.seleccionaImagen,
        variant: 'destructive',
      });
      enfocarCampo();
      return;
    }
    const tiendaId = categorias.data?.tiendaId ?? getStoredItem('tiendaId');
    if (!categoriaLocalId || !tiendaId) {
      setPaso(6);
      toast({
        title: categoriaLocalId ? TEXTOS.tiendaNoEncontrada : TEXTOS.campoRequerido,
        description: categoriaLocalId ? undefined : TEXTOS.completaElCampo,
        variant: 'destructive',
      });
      return;
    }

    enCurso.current = true;
    setCargando(true);
    let producto: Producto;
    try {
      producto = await crearProducto.mutateAsync({
        vendedorId: userId,
        tiendaId,
        nombre: datos.nombre.trim(),
        descripcion: datos.descripcion.trim(),
        precio: leerNumero(datos.precio),
        cantidadTotalGrupo: leerNumero(datos.cantidadTotalGrupo),
        plazoGrupoDias: plazoElegido(datos.plazoGrupoDias),
        stock: leerNumero(datos.stock),
        categoriaLocalId,
        imagen,
      });
    } catch (error) {
      enCurso.current = false;
      setCargando(false);
      // A session that ended already said 'Sesión expirada'.
      if (endedTheSession(error)) return;
      toast(avisoDeCargaFallida(error));
      const destino = pasoConError(error);
      if (destino !== undefined) setPaso(destino);
      return;
    }
    toast({
      title: TEXTOS.cargadoExitosamente,
      description: `«${producto.nombre}» ya está en tu tienda.`,
    });
    onCreado(producto);
  };

  const avanzar = () => {
    if (cargando || procesandoImagen) return;
    if (paso === TOTAL_PASOS) {
      void cargar();
      return;
    }
    if (!pasoCompleto(paso, datos)) {
      toast({
        title: TEXTOS.campoRequerido,
        description: TEXTOS.completaElCampo,
        variant: 'destructive',
      });
      enfocarCampo();
      return;
    }
    const problema = problemaNumerico(paso, datos);
    if (problema) {
      toast({ title: TEXTOS.valorNoValido, description: problema, variant: 'destructive' });
      enfocarCampo();
      return;
    }
    setPaso(paso + 1);
  };

  const retroceder = () => {
    if (paso > 1 && !cargando) setPaso(paso - 1);
  };

  const alEnviar = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    avanzar();
  };

  // Enter moves on from any field of the step (Shift+Enter makes a new line in the description).
  const alPresionarTecla = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.defaultPrevented) return;
    if (event.nativeEvent.isComposing) return;
    const objetivo = event.target as HTMLElement;
    if (!event.currentTarget.contains(objetivo) || enterPropio(objetivo)) return;
    event.preventDefault();
    avanzar();
  };

  const cambiarApertura = (abrir: boolean) => {
    if (!abrir && !cargando) onCerrar();
  };

  const info = PASOS[paso - 1] ?? PASOS[0];
  if (!info) return null;
  const Icono = info.icono;
  const ultimo = paso === TOTAL_PASOS;

  const contenido = (() => {
    switch (info.campo) {
      case 'nombre':
        return (
          <CampoPaso
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            value={datos.nombre}
            onChange={(event) => actualizar('nombre', event.target.value)}
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
            onChange={(event) => actualizar('descripcion', event.target.value)}
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
            onChange={(event) => actualizar('precio', filtrarDecimal(event.target.value))}
            maxLength={14}
            placeholder="Ej.: 12500,50"
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
              onChange={(event) =>
                actualizar('cantidadTotalGrupo', filtrarEntero(event.target.value))
              }
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
                onChange={(event) =>
                  actualizar('plazoGrupoDias', filtrarEntero(event.target.value))
                }
                maxLength={2}
                placeholder="Opcional, de 1 a 90"
                ayuda={`Opcional, hasta ${LIMITES_PRODUCTO.plazoGrupoDiasMaximo} días. Si un grupo no se completa a tiempo, se cancela y se reembolsa a sus participantes. Déjalo vacío para no poner plazo.`}
              />
            </div>
          </div>
        );
      case 'stock':
        return (
          <CampoPaso
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            inputMode="numeric"
            autoComplete="off"
            value={datos.stock}
            onChange={(event) => actualizar('stock', filtrarEntero(event.target.value))}
            maxLength={7}
            placeholder="Ej.: 100"
          />
        );
      case 'categoria':
        return (
          <PasoCategoria
            inputRef={registrarCampo}
            etiqueta={info.etiqueta}
            categorias={categorias.data?.categoriasLocales}
            cargando={categorias.isPending && userId !== null}
            error={categorias.isError && !esTiendaNoEncontrada(categorias.error)}
            sinTienda={categorias.isError && esTiendaNoEncontrada(categorias.error)}
            sinUsuario={userId === null}
            onReintentar={() => void categorias.refetch()}
            value={datos.categoriaLocalId}
            onChange={(id) => actualizar('categoriaLocalId', id)}
          />
        );
      case 'imagen':
        return (
          <ImagenProductoPicker
            inputRef={registrarCampo}
            etiqueta={info.etiqueta}
            nombreProducto={datos.nombre}
            archivo={datos.imagen}
            onArchivo={(imagen) => actualizar('imagen', imagen)}
            onProcesando={setProcesandoImagen}
            avisarProcesada
          />
        );
    }
  })();

  return (
    <Dialog open onOpenChange={cambiarApertura}>
      <DialogContent
        showCloseButton={false}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          enfocarCampo();
        }}
        className={cn(
          'inset-0 top-0 left-0 flex h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden',
          'rounded-none border-0 bg-background p-0 shadow-none',
        )}
      >
        <WizardEncabezado
          titulo={TITULO_ASISTENTE}
          descripcion={`Completa los ${TOTAL_PASOS} pasos para publicar tu producto.`}
          etiquetaProgreso="Progreso de la carga"
          pasos={CHIPS}
          paso={paso}
          onCerrar={() => cambiarApertura(false)}
          cerrarDeshabilitado={cargando}
        />
        <form
          noValidate
          onSubmit={alEnviar}
          onKeyDown={alPresionarTecla}
          aria-busy={cargando}
          className="flex min-h-0 flex-1 flex-col"
        >
          <div className="flex-1 overflow-y-auto">
            <section
              key={paso}
              aria-labelledby={tituloId}
              className="mx-auto w-full max-w-xl animate-rise-in px-4 py-6 sm:px-6 sm:py-10"
            >
              <div className="mb-6 flex items-start gap-3.5 sm:mb-8">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-lg shadow-primary/25 sm:size-12">
                  <Icono className="size-5 sm:size-6" aria-hidden />
                </span>
                <div className="grid min-w-0 gap-1">
                  <h2
                    id={tituloId}
                    className="text-balance font-bold text-xl tracking-tight sm:text-2xl"
                  >
                    {info.titulo}
                  </h2>
                  <p className="text-pretty text-muted-foreground text-sm sm:text-base">
                    {info.ayuda}
                  </p>
                </div>
              </div>
              {/* Nothing changes while the product is being loaded. */}
              <fieldset disabled={cargando} className="m-0 min-w-0 border-0 p-0">
                {contenido}
              </fieldset>
            </section>
          </div>

          <footer className="shrink-0 border-border/70 border-t bg-card/95 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur supports-[backdrop-filter]:bg-card/80">
            <div className="mx-auto flex w-full max-w-xl gap-3 px-4 sm:justify-between sm:px-6">
              <Button
                type="button"
                variant="outline"
                size="lg"
                className="flex-1 sm:flex-none"
                onClick={retroceder}
                disabled={paso === 1 || cargando}
              >
                <ChevronLeftIcon aria-hidden />
                {TEXTOS.anterior}
              </Button>
              <Button
                type="submit"
                size="lg"
                className="flex-1 sm:min-w-44 sm:flex-none"
                disabled={cargando || procesandoImagen}
              >
                {!ultimo ? (
                  <>
                    {TEXTOS.siguiente}
                    <ChevronRightIcon aria-hidden />
                  </>
                ) : cargando ? (
                  <>
                    <LoaderCircleIcon className="animate-spin" aria-hidden />
                    {TEXTOS.cargando}
                  </>
                ) : (
                  <>
                    <PackagePlusIcon aria-hidden />
                    {TEXTOS.cargarProducto}
                  </>
                )}
              </Button>
            </div>
          </footer>
        </form>
      </DialogContent>
    </Dialog>
  );
}
