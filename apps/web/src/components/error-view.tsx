import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface ErrorViewProps {
  title: string;
  children: ReactNode;
  onRetry: () => void;
  retryLabel?: string;
  /** 'h2' when the view sits inside a page that has its own title. */
  headingLevel?: 'h1' | 'h2';
  /** A small status line below the message. */
  detail?: string;
  /** More buttons next to the retry. */
  actions?: ReactNode;
}

/** Something could not be loaded or shown: what happened and a way to try again. */
export function ErrorView({
  title,
  children,
  onRetry,
  retryLabel = 'Reintentar',
  headingLevel: Heading = 'h1',
  detail,
  actions,
}: ErrorViewProps) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 animate-rise-in flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-destructive-soft text-destructive">
        <TriangleAlertIcon className="size-7" aria-hidden />
      </span>
      <Heading className="mt-6 font-bold text-2xl tracking-tight">{title}</Heading>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">{children}</p>
      {detail && <p className="mt-2 text-muted-foreground text-sm">{detail}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button type="button" onClick={onRetry}>
          <RotateCwIcon aria-hidden />
          {retryLabel}
        </Button>
        {actions}
      </div>
    </div>
  );
}
