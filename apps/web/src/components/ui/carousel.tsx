import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  type ComponentProps,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

export interface CarouselProps extends Omit<ComponentProps<'section'>, 'children'> {
  /** Accessible name of the carousel (e.g. 'Productos de Almacén Don Ramón'). */
  label: string;
  /** Milliseconds between automatic advances; omit for a carousel that only moves on demand. */
  autoplayMs?: number;
  /** Show previous/next buttons. */
  controls?: boolean;
  /** Tailwind width of each slide, e.g. 'basis-full' or 'basis-1/2 sm:basis-1/3'. */
  slideClassName?: string;
  children: React.ReactNode[];
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * A press (button or arrow key) moves at once. A smooth scroll could be cut short: when the page
 * lays out again mid-way (an image arriving, a hover), the browser snaps back to the slide it
 * was on, and the press would seem lost. Autoplay glides; a lost step is taken on the next.
 */
const PRESS = { animate: false };

/** Whether the viewport can still scroll back and forward (a pixel of rounding allowed). */
function edgesOf(viewport: HTMLElement) {
  const end = viewport.scrollWidth - viewport.clientWidth;
  return { canPrev: viewport.scrollLeft > 1, canNext: viewport.scrollLeft < end - 1 };
}

/**
 * A horizontal carousel on the browser's own scroll snapping: swipe, momentum and snapping are
 * native, so its code is a few lines and the store cards of the first page carry no carousel
 * library (decision 016). Previous/next buttons and the arrow keys move one slide; autoplay
 * advances one slide at a time, back to the first after the last, and pauses while the
 * carousel is hovered or focused, while the tab is hidden, and with prefers-reduced-motion.
 */
export function Carousel({
  label,
  autoplayMs,
  controls = true,
  slideClassName = 'basis-full',
  className,
  children,
  ...props
}: CarouselProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  // Autoplay holds while the pointer is over the carousel or the focus is inside it.
  const holdRef = useRef({ pointer: false, focus: false });
  const [edges, setEdges] = useState({ canPrev: false, canNext: false });
  const loop = Boolean(autoplayMs);

  const updateEdges = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const next = edgesOf(viewport);
    setEdges((current) =>
      current.canPrev === next.canPrev && current.canNext === next.canNext ? current : next,
    );
  }, []);

  const move = useCallback(
    (direction: 1 | -1, { animate }: { animate: boolean }) => {
      const viewport = viewportRef.current;
      const slide = viewport?.firstElementChild?.firstElementChild;
      if (!viewport || !(slide instanceof HTMLElement) || slide.offsetWidth === 0) return;
      const behavior = animate && !prefersReducedMotion() ? 'smooth' : 'auto';
      const { canPrev, canNext } = edgesOf(viewport);
      if (direction === 1 && !canNext) {
        if (loop) viewport.scrollTo({ left: 0, behavior });
        return;
      }
      if (direction === -1 && !canPrev) {
        if (loop) viewport.scrollTo({ left: viewport.scrollWidth, behavior });
        return;
      }
      // To the slide next to the one at the left edge, by position rather than by a distance
      // from where the carousel is: a second press during a scroll still moves one slide.
      const current = Math.round(viewport.scrollLeft / slide.offsetWidth);
      viewport.scrollTo({ left: (current + direction) * slide.offsetWidth, behavior });
    },
    [loop],
  );

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    // Its first call comes once the browser has laid the carousel out, before it paints:
    // measuring here instead would force a layout of the whole page in the middle of the commit.
    const observer = new ResizeObserver(updateEdges);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [updateEdges]);

  useEffect(() => {
    if (!autoplayMs || prefersReducedMotion()) return;
    const timer = window.setInterval(() => {
      const { pointer, focus } = holdRef.current;
      if (!pointer && !focus && document.visibilityState === 'visible') move(1, { animate: true });
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs, move]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1, PRESS);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1, PRESS);
    }
  };

  const showPrev = edges.canPrev || (loop && edges.canNext);
  const showNext = edges.canNext || (loop && edges.canPrev);

  return (
    <section
      aria-roledescription="carrusel"
      aria-label={label}
      className={cn('relative', className)}
      onKeyDownCapture={onKeyDown}
      onPointerEnter={() => {
        holdRef.current.pointer = true;
      }}
      onPointerLeave={() => {
        holdRef.current.pointer = false;
      }}
      onFocus={() => {
        holdRef.current.focus = true;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) holdRef.current.focus = false;
      }}
      {...props}
    >
      <div
        ref={viewportRef}
        onScroll={updateEdges}
        className="snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        <div className="-ml-3 flex">
          {children.map((child, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group
            <div
              // Slides are positional: the carousel never reorders them.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${index + 1} de ${children.length}`}
              className={cn('min-w-0 shrink-0 grow-0 pl-3', slideClassName)}
            >
              {/* Snaps at the slide's content, past the gutter the track hides on the left. */}
              <div className="h-full snap-start">{child}</div>
            </div>
          ))}
        </div>
      </div>
      {controls && (showPrev || showNext) && (
        <>
          <Button
            type="button"
            variant="outline"
            size="icon-sm"
            aria-label="Anterior"
            className="-translate-y-1/2 absolute top-1/2 left-1 rounded-full bg-card/90 shadow-md backdrop-blur"
            disabled={!showPrev}
            onClick={(event) => {
              event.stopPropagation();
              move(-1, PRESS);
            }}
          >
            <ChevronLeft />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon-sm"
            aria-label="Siguiente"
            className="-translate-y-1/2 absolute top-1/2 right-1 rounded-full bg-card/90 shadow-md backdrop-blur"
            disabled={!showNext}
            onClick={(event) => {
              event.stopPropagation();
              move(1, PRESS);
            }}
          >
            <ChevronRight />
          </Button>
        </>
      )}
    </section>
  );
}
