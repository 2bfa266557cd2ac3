import {
  CheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  LoaderCircleIcon,
  SparklesIcon,
} from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { type ToastOptions, toast } from '@/components/ui/toast';
import { WizardEncabezado } from '@/components/wizard-encabezado';
import { useErrorToast } from '@/hooks/use-error-toast';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useConvertirEnVendedor } from '../../api/convertir-en-vendedor';
import { type TiendaCreada, useCrearTienda } from '../../api/crear-tienda';
import { useCategoriasGlobales } from '../../api/get-categorias-globales';
import { useCoberturas } from '../../api/get-coberturas';
import { CategoriaCombobox } from './categoria-combobox';
import { CoberturaOpciones } from './cobertura-opciones';
import { PasoLogo } from './paso-logo';
import { CampoTexto } from './paso-texto';
import { PasoUbicacion } from './paso-ubicacion';
import { CIERRE_TRAS_CREAR_MS, PASOS, TEXTOS, TITULO_ASISTENTE, TOTAL_PASOS } from './textos';
import {
  DATOS_VACIOS,
  type DatosTienda,
  type EstadoCreacion,
  type LocationPickerComponent,
  pasoCompleto,
} from './tipos';

export interface CrearTiendaWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user (from the access token); without it, creation says 'Error de autenticación'. */
  userId: string | null;
  /** Called once the store exists and the user was made a seller, before the wizard closes. */
  onCreated?: ((tienda: TiendaCreada) => void) | undefined;
  /** The map picker of step 7 (`UbicacionPickerDialog`, passed in by the route). */
  LocationPicker: LocationPickerComponent;
  /** Optional: starts loading the picker's code ahead of its first opening. */
  preloadLocationPicker?: (() => void) | undefined;
}

const CHIPS = PASOS.map((info) => info.chip);

/** Which step holds a field the server refused (`detalles[].campo`, or the error's code). */
const PASO_DEL_CAMPO: Record<string, number> = {
  nombre: 1,
  descripcion: 2,
  telefono: 3,
  email: 4,
  razonSocial: 5,
  categoriaGlobal: 6,
  CATEGORIA_NO_ENCONTRADA: 6,
  direccion: 7,
  cobertura: 8,
  COBERTURA_NO_ENCONTRADA: 8,
  logo: 9,
  IMAGEN_REQUERIDA: 9,
  IMAGEN_NO_SOPORTADA: 9,
  IMAGEN_NO_PROCESABLE: 9,
};

/** A refusal of the server (4xx) says why in its own words; anything else, the spec's text. */
function avisoDeCreacionFallida(error: unknown): ToastOptions {
  let description: string = TEXTOS.problemaAlConfigurar;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    description = error.detalles[0]?.mensaje ?? error.serverMessage ?? description;
  }
  return { title: TEXTOS.errorAlCrear, description, variant: 'destructive' };
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

/**
 * The create-store wizard 'Configurar Tienda' (spec part 2, sections 2, 4, 5 and 8): a
 * full-screen view with nine steps (name, description, phone, email, legal name, category,
 * location, coverage, logo), a progress bar, 'Paso N de 9', the percent completed and the
 * step chips. Siguiente (or Enter) moves on only when the step has a value; the last step
 * creates the store (multipart), makes the user a seller and closes 2 s later.
 *
 * What was typed stays while the wizard is closed and opened again; a created store starts
 * the next opening afresh.
 */
export function CrearTiendaWizard({
  open,
  onOpenChange,
  userId,
  onCreated,
  LocationPicker,
  preloadLocationPicker,
}: CrearTiendaWizardProps) {
  const [paso, setPaso] = useState(1);
  const [datos, setDatos] = useState<DatosTienda>(DATOS_VACIOS);
  const [estado, setEstado] = useState<EstadoCreacion>('editando');
  const [procesandoLogo, setProcesandoLogo] = useState(false);
  const enCurso = useRef(false);
  const cierre = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const campo = useRef<HTMLElement | null>(null);
  const tituloId = useId();

  const crearTienda = useCrearTienda();
  const convertirEnVendedor = useConvertirEnVendedor();
  const categorias = useCategoriasGlobales({ enabled: open });
  const coberturas = useCoberturas({ enabled: open });

  useErrorToast(
    Math.max(
      categorias.isError ? categorias.errorUpdatedAt : 0,
      coberturas.isError ? coberturas.errorUpdatedAt : 0,
    ),
    TEXTOS.errorAlCargarDatos,
    TEXTOS.errorAlCargarDatosDetalle,
  );

  // The latest callbacks, for the close that comes 2 s after creating.
  const callbacks = useRef({ onOpenChange, onCreated });
  useEffect(() => {
    callbacks.current = { onOpenChange, onCreated };
  });
  useEffect(() => () => clearTimeout(cierre.current), []);

  // Opening again after a store was created starts from scratch (before it is painted).
  const estabaAbierto = useRef(open);
  useLayoutEffect(() => {
    if (open && !estabaAbierto.current && estado === 'creada') {
      enCurso.current = false;
      setEstado('editando');
      setDatos(DATOS_VACIOS);
      setPaso(1);
    }
    estabaAbierto.current = open;
  }, [open, estado]);

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

  const actualizar = <K extends keyof DatosTienda>(clave: K, valor: DatosTienda[K]) =>
    setDatos((actuales) => ({ ...actuales, [clave]: valor }));

  const avisarCampoRequerido = () => {
    toast({
      title: TEXTOS.campoRequerido,
      description: paso === TOTAL_PASOS ? TEXTOS.subeElLogo : TEXTOS.completaElCampo,
      variant: 'destructive',
    });
    enfocarCampo();
  };

  const crear = async () => {
    if (enCurso.current) return;
    if (!userId) {
      toast({
        title: TEXTOS.errorDeAutenticacion,
        description: TEXTOS.sinIdDeUsuario,
        variant: 'destructive',
      });
      return;
    }
    const { direccion, logo, categoriaId, coberturaId } = datos;
    if (!direccion) {
      toast({
        title: TEXTOS.sinDireccion,
        description: TEXTOS.sinDireccionDetalle,
        variant: 'destructive',
      });
      return;
    }
    if (!logo) {
      toast({
        title: TEXTOS.logoObligatorio,
        description: TEXTOS.debesSubirLogo,
        variant: 'destructive',
      });
      return;
    }
    if (!categoriaId || !coberturaId) {
      setPaso(categoriaId ? 8 : 6);
      toast({
        title: TEXTOS.campoRequerido,
        description: TEXTOS.completaElCampo,
        variant: 'destructive',
      });
      return;
    }

    enCurso.current = true;
    setEstado('creando');
    let tienda: TiendaCreada;
    try {
      tienda = await crearTienda.mutateAsync({
        userId,
        nombre: datos.nombre.trim(),
        descripcion: datos.descripcion.trim(),
        telefono: datos.telefono.trim(),
        email: datos.email.trim(),
        razonSocial: datos.razonSocial.trim(),
        categoriaGlobal: categoriaId,
        cobertura: coberturaId,
        direccion,
        logo,
      });
    } catch (error) {
      enCurso.current = false;
      setEstado('editando');
      // A session that ended already said 'Sesión expirada'.
      if (endedTheSession(error)) return;
      toast(avisoDeCreacionFallida(error));
      const destino = pasoConError(error);
      if (destino !== undefined) setPaso(destino);
      return;
    }

    try {
      await convertirEnVendedor.mutateAsync(userId);
    } catch (error) {
      // The store exists and owning it is what makes a seller: Mi Tienda's recheck settles it.
      console.error('No se pudo confirmar el rol de vendedor', error);
    }

    setEstado('creada');
    toast({ title: TEXTOS.creadaExitosamente, description: TEXTOS.vinculaTuCuenta });
    callbacks.current.onCreated?.(tienda);
    cierre.current = setTimeout(() => callbacks.current.onOpenChange(false), CIERRE_TRAS_CREAR_MS);
  };

  const avanzar = () => {
    if (estado !== 'editando' || procesandoLogo) return;
    if (!pasoCompleto(paso, datos)) {
      avisarCampoRequerido();
      return;
    }
    if (paso < TOTAL_PASOS) setPaso(paso + 1);
    else void crear();
  };

  const retroceder = () => {
    if (paso > 1 && estado === 'editando') setPaso(paso - 1);
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
    // Dialogs opened from a step (map, address details) are portals: their keys are theirs.
    if (!event.currentTarget.contains(objetivo) || enterPropio(objetivo)) return;
    event.preventDefault();
    avanzar();
  };

  const cambiarApertura = (abrir: boolean) => {
    if (!abrir && estado === 'creando') return;
    if (!abrir) clearTimeout(cierre.current);
    onOpenChange(abrir);
  };

  const info = PASOS[paso - 1] ?? PASOS[0];
  if (!info) return null;
  const Icono = info.icono;
  const ultimo = paso === TOTAL_PASOS;

  const contenido = (() => {
    switch (info.campo) {
      case 'nombre':
        return (
          <CampoTexto
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            value={datos.nombre}
            onChange={(valor) => actualizar('nombre', valor)}
            maxLength={100}
            autoComplete="off"
            placeholder="Ej.: Almacén Don Pepe"
          />
        );
      case 'descripcion':
        return (
          <CampoTexto
            multilinea
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            value={datos.descripcion}
            onChange={(valor) => actualizar('descripcion', valor)}
            maxLength={1000}
            rows={5}
            placeholder="Ej.: Productos frescos de granja, entregas en el día."
            ayuda="Shift + Enter para un salto de línea."
          />
        );
      case 'telefono':
        return (
          <CampoTexto
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={datos.telefono}
            onChange={(valor) => actualizar('telefono', valor)}
            maxLength={30}
            placeholder="Ej.: 11 5555-1234"
          />
        );
      case 'email':
        return (
          <CampoTexto
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            value={datos.email}
            onChange={(valor) => actualizar('email', valor)}
            maxLength={254}
            placeholder="tienda@email.com"
          />
        );
      case 'razonSocial':
        return (
          <CampoTexto
            ref={registrarCampo}
            etiqueta={info.etiqueta}
            autoComplete="organization"
            value={datos.razonSocial}
            onChange={(valor) => actualizar('razonSocial', valor)}
            maxLength={150}
            placeholder="Ej.: Don Pepe S.R.L."
          />
        );
      case 'categoria':
        return (
          <CategoriaCombobox
            inputRef={registrarCampo}
            etiqueta={info.etiqueta}
            categorias={categorias.data}
            cargando={categorias.isPending}
            error={categorias.isError}
            onReintentar={() => void categorias.refetch()}
            value={datos.categoriaId}
            onChange={(id) => actualizar('categoriaId', id)}
          />
        );
      case 'direccion':
        return (
          <PasoUbicacion
            botonRef={registrarCampo}
            direccion={datos.direccion}
            onConfirmar={(direccion) => actualizar('direccion', direccion)}
            LocationPicker={LocationPicker}
            preloadLocationPicker={preloadLocationPicker}
          />
        );
      case 'cobertura':
        return (
          <CoberturaOpciones
            inputRef={registrarCampo}
            etiqueta={info.etiqueta}
            coberturas={coberturas.data}
            cargando={coberturas.isPending}
            error={coberturas.isError}
            onReintentar={() => void coberturas.refetch()}
            value={datos.coberturaId}
            onChange={(id) => actualizar('coberturaId', id)}
          />
        );
      case 'logo':
        return (
          <PasoLogo
            inputRef={registrarCampo}
            logo={datos.logo}
            onLogo={(logo) => actualizar('logo', logo)}
            procesando={procesandoLogo}
            onProcesando={setProcesandoLogo}
          />
        );
    }
  })();

  return (
    <Dialog open={open} onOpenChange={cambiarApertura}>
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
          descripcion={`Completa los ${TOTAL_PASOS} pasos para crear tu tienda.`}
          etiquetaProgreso="Progreso de la configuración"
          pasos={CHIPS}
          paso={paso}
          onCerrar={() => cambiarApertura(false)}
          cerrarDeshabilitado={estado === 'creando'}
        />
        <form
          noValidate
          onSubmit={alEnviar}
          onKeyDown={alPresionarTecla}
          aria-busy={estado === 'creando'}
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
              {/* Nothing changes while the store is being created or once it exists. */}
              <fieldset disabled={estado !== 'editando'} className="m-0 min-w-0 border-0 p-0">
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
                disabled={paso === 1 || estado !== 'editando'}
              >
                <ChevronLeftIcon aria-hidden />
                {TEXTOS.anterior}
              </Button>
              <Button
                type="submit"
                size="lg"
                className={cn(
                  'flex-1 sm:min-w-44 sm:flex-none',
                  estado === 'creada' && 'disabled:opacity-100',
                )}
                disabled={estado !== 'editando' || procesandoLogo}
              >
                {!ultimo ? (
                  <>
                    {TEXTOS.siguiente}
                    <ChevronRightIcon aria-hidden />
                  </>
                ) : estado === 'creando' ? (
                  <>
                    <LoaderCircleIcon className="animate-spin" aria-hidden />
                    {TEXTOS.creando}
                  </>
                ) : estado === 'creada' ? (
                  <>
                    <CheckIcon aria-hidden />
                    {TEXTOS.creada}
                  </>
                ) : (
                  <>
                    <SparklesIcon aria-hidden />
                    {TEXTOS.crear}
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
