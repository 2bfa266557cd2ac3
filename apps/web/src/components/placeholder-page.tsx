import { ClockIcon, type LucideIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

export interface PlaceholderPageProps {
  title: string;
  icon?: LucideIcon;
  description?: string;
  /** Actions that already work on this screen (shown under the description). */
  children?: ReactNode;
}

/** A screen that is not built yet: its title and a line saying it arrives soon. */
export function PlaceholderPage({
  title,
  icon: Icon = SparklesIcon,
  description = 'Esta sección llega muy pronto. Estamos terminando de prepararla para vos.',
  children,
}: PlaceholderPageProps) {
  useDocumentTitle(title);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Card className="relative animate-rise-in gap-0 overflow-hidden py-0">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 h-48 bg-linear-to-br from-primary/16 via-primary/6 to-highlight/14 [mask-image:linear-gradient(to_bottom,black_35%,transparent)]"
        />
        <CardHeader className="relative gap-0 pt-7 pb-6 sm:pt-9">
          <div className="flex items-center justify-between gap-3">
            <span className="grid size-12 place-items-center rounded-xl bg-primary text-primary-foreground shadow-lg shadow-primary/25">
              <Icon className="size-6" aria-hidden />
            </span>
            <Badge variant="highlight">
              <ClockIcon aria-hidden />
              Próximamente
            </Badge>
          </div>
          <h1 className="mt-6 text-balance font-bold text-2xl tracking-tight sm:text-3xl">
            {title}
          </h1>
          <p className="mt-2 max-w-prose text-pretty text-muted-foreground">{description}</p>
          {children && <div className="mt-5 flex flex-wrap gap-2">{children}</div>}
        </CardHeader>
        <CardContent className="relative pb-7 sm:pb-9">
          <div
            aria-hidden
            className="grid grid-cols-3 gap-3 rounded-xl border border-border border-dashed bg-muted/40 p-3 sm:gap-4 sm:p-4"
          >
            {[0, 1, 2].map((tile) => (
              <div key={tile} className="rounded-lg bg-card p-2.5 shadow-xs sm:p-3">
                <div className="aspect-[4/3] rounded-md bg-muted" />
                <div className="mt-2.5 h-2.5 w-4/5 rounded-full bg-muted" />
                <div className="mt-1.5 h-2.5 w-1/2 rounded-full bg-primary/15" />
              </div>
            ))}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
