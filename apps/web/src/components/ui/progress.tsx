import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export interface ProgressProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Current value, from 0 to `max`. */
  value: number;
  max?: number;
}

/** A determinate progress bar (role progressbar); give it a name with aria-label(ledby). */
export function Progress({ value, max = 100, className, ...props }: ProgressProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className="h-full w-full rounded-full bg-primary transition-transform duration-300 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </div>
  );
}
