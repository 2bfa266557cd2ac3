import { ArrowLeftIcon, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A section of Mi Tienda on the whole screen (spec part 2, section 2: "each opens a
 * full-screen sub-view with a back/close control"): 'Volver a Mi Tienda', the section's title,
 * and its content. The title takes the focus when it opens, so a screen reader hears where it
 * is and the keyboard starts at the top.
 */
export function Subvista({
  icon: Icon,
  title,
  description,
  onVolver,
  children,
  amplia = false,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  onVolver: () => void;
  children: ReactNode;
  /** A dashboard: the whole width of a wide screen instead of a reading column. */
  amplia?: boolean;
}) {
  const titulo = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titulo.current?.focus();
  }, []);

  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-1 flex-col px-4 py-5 sm:px-6 sm:py-8',
        amplia ? 'max-w-6xl' : 'max-w-3xl',
      )}
    >
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="-ml-2 w-fit text-muted-foreground"
        onClick={onVolver}
      >
        <ArrowLeftIcon aria-hidden />
        Volver a Mi Tienda
      </Button>
      <header className="mt-3 flex items-start gap-3.5">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-md shadow-primary/20">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h1
            ref={titulo}
            tabIndex={-1}
            className="text-balance font-bold text-2xl tracking-tight outline-none sm:text-3xl"
          >
            {title}
          </h1>
          {description && (
            <p className="mt-1 text-pretty text-muted-foreground text-sm sm:text-base">
              {description}
            </p>
          )}
        </div>
      </header>
      <div className="mt-6 flex flex-1 flex-col">{children}</div>
    </div>
  );
}
