import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useCallback, useEffect, useState } from 'react';
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

/**
 * A horizontal carousel on Embla: swipe, arrow keys, optional previous/next buttons and
 * optional autoplay (paused while hovered or focused, and off with prefers-reduced-motion).
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
  const reducedMotion =
    typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  const [viewportRef, api] = useEmblaCarousel(
    { align: 'start', loop: Boolean(autoplayMs) },
    autoplayMs && !reducedMotion
      ? [
          Autoplay({
            delay: autoplayMs,
            stopOnInteraction: false,
            stopOnMouseEnter: true,
            stopOnFocusIn: true,
          }),
        ]
      : [],
  );
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    if (!api) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api, update]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      api?.scrollPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      api?.scrollNext();
    }
  };

  return (
    <section
      aria-roledescription="carrusel"
      aria-label={label}
      className={cn('relative', className)}
      onKeyDownCapture={onKeyDown}
      {...props}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-3 flex touch-pan-y">
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
              {child}
            </div>
          ))}
        </div>
      </div>
      {controls && (canPrev || canNext) && (
        <>
          <Button
            type="button"
            variant="outline"
            size="icon-sm"
            aria-label="Anterior"
            className="-translate-y-1/2 absolute top-1/2 left-1 rounded-full bg-card/90 shadow-md backdrop-blur"
            disabled={!canPrev}
            onClick={(event) => {
              event.stopPropagation();
              api?.scrollPrev();
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
            disabled={!canNext}
            onClick={(event) => {
              event.stopPropagation();
              api?.scrollNext();
            }}
          >
            <ChevronRight />
          </Button>
        </>
      )}
    </section>
  );
}
