import 'leaflet/dist/leaflet.css';
import { CONSTANTES } from '@compra-grupal/contracts';
import L, { type LeafletEventHandlerFnMap } from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { WifiOffIcon } from 'lucide-react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useMapaConfig } from '@/entities/ubicacion/api/mapa-config';
import type { Coordenadas } from '@/entities/ubicacion/model/ubicacion';
import { UbicacionPlano } from './ubicacion-plano';

/**
 * Leaflet's default marker finds its images through a CSS path that bundlers break; Vite
 * serves the imported PNGs instead.
 */
const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

export interface UbicacionMapProps {
  /** Where the marker is; the map follows it. */
  position: Coordenadas;
  /** A click on the map or the end of a marker drag. */
  onSelect: (punto: Coordenadas) => void;
}

function ClickToSelect({ onSelect }: Pick<UbicacionMapProps, 'onSelect'>) {
  useMapEvents({
    click: (event) => onSelect({ lat: event.latlng.lat, lng: event.latlng.lng }),
  });
  return null;
}

/** Keeps the marker in view when it moves from outside the map (a suggestion, the GPS). */
function FollowPosition({ position }: Pick<UbicacionMapProps, 'position'>) {
  const map = useMap();
  useEffect(() => {
    const target = L.latLng(position.lat, position.lng);
    if (!map.getBounds().pad(-0.1).contains(target)) {
      map.setView(target, Math.max(map.getZoom(), CONSTANTES.mapaZoom));
    }
  }, [map, position.lat, position.lng]);
  return null;
}

/** Arrow keys move a focused marker by this many pixels (with Shift, five times as far). */
const PASO_CON_TECLADO_PX = 12;

/**
 * Keyboard use: with the marker focused, the arrow keys move it (Shift for longer steps); the
 * point is chosen once the keys rest, so a held key does not geocode every step.
 */
function MoveWithKeys({
  markerRef,
  onSelect,
}: Pick<UbicacionMapProps, 'onSelect'> & { markerRef: RefObject<L.Marker | null> }) {
  const map = useMap();
  useEffect(() => {
    const marker = markerRef.current;
    const element = marker?.getElement();
    if (!marker || !element) return;
    const direcciones: Record<string, [number, number]> = {
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    let espera: ReturnType<typeof setTimeout> | undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const direccion = direcciones[event.key];
      if (!direccion) return;
      event.preventDefault();
      event.stopPropagation();
      const paso = PASO_CON_TECLADO_PX * (event.shiftKey ? 5 : 1);
      const punto = map
        .latLngToContainerPoint(marker.getLatLng())
        .add([direccion[0] * paso, direccion[1] * paso]);
      const destino = map.containerPointToLatLng(punto);
      marker.setLatLng(destino);
      if (!map.getBounds().pad(-0.1).contains(destino)) map.panTo(destino);
      clearTimeout(espera);
      espera = setTimeout(() => onSelect({ lat: destino.lat, lng: destino.lng }), 300);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(espera);
      element.removeEventListener('keydown', onKeyDown);
    };
  }, [map, markerRef, onSelect]);
  return null;
}

/** The dialog animates in and the drawer resizes: Leaflet must measure its box again. */
function ResizeWithContainer() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * The picker's map (spec part 1, sections 4 and 9): 400 px high at zoom 15, tiles and
 * attribution from /api/geo/mapa, a draggable marker. When the tiles cannot be loaded (no
 * network) it says so and draws a simple plan under the marker (UbicacionPlano: barrios and
 * localities with their limits and names, from the embedded gazetteer); the marker, clicks and
 * search still work, and the summary names the place the plan shows under the marker.
 */
export function UbicacionMap({ position, onSelect }: UbicacionMapProps) {
  const { data: mapa } = useMapaConfig();
  const [sinMosaicos, setSinMosaicos] = useState(false);
  const markerRef = useRef<L.Marker | null>(null);
  const tileHandlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      tileerror: () => setSinMosaicos(true),
      tileload: () => setSinMosaicos(false),
    }),
    [],
  );
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => {
        const { lat, lng } = (event.target as L.Marker).getLatLng();
        onSelect({ lat, lng });
      },
    }),
    [onSelect],
  );

  return (
    // vaul (the mobile drawer) must not take the map's drags for its own.
    <div data-vaul-no-drag="" className="relative">
      <MapContainer
        center={[position.lat, position.lng]}
        zoom={CONSTANTES.mapaZoom}
        scrollWheelZoom
        className="z-0 w-full rounded-xl border border-border/70 bg-muted"
        style={{ height: CONSTANTES.mapaAltoPx }}
      >
        {sinMosaicos && <UbicacionPlano />}
        {mapa && (
          <TileLayer
            url={mapa.tileUrl}
            attribution={mapa.atribucion}
            eventHandlers={tileHandlers}
          />
        )}
        <Marker
          position={[position.lat, position.lng]}
          draggable
          icon={markerIcon}
          title="Arrástralo o muévelo con las flechas del teclado"
          alt="Marcador de la ubicación"
          eventHandlers={handlers}
          ref={markerRef}
        />
        <MoveWithKeys markerRef={markerRef} onSelect={onSelect} />
        <ClickToSelect onSelect={onSelect} />
        <FollowPosition position={position} />
        <ResizeWithContainer />
      </MapContainer>
      {sinMosaicos && (
        <p
          data-slot="mapa-sin-conexion"
          className="pointer-events-none absolute inset-x-2 bottom-7 z-[500] flex items-start gap-2 rounded-lg border border-border/70 bg-card/95 px-3 py-2 text-xs shadow-sm"
        >
          <WifiOffIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            No pudimos cargar el mapa: te mostramos un plano simple de barrios y localidades. Igual
            puedes mover el marcador o tocar el plano.
          </span>
        </p>
      )}
    </div>
  );
}
