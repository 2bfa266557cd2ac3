import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * Tabs on Radix (WAI-ARIA tabs, automatic activation): Left/Right move between the tabs and
 * show each one, Home/End go to the first and last, Tab goes into the panel. Controlled with
 * `value` and `onValueChange` where the choice lives in the URL or in a parent.
 */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={className} {...props} />;
}

export const tabsListVariants = cva('gap-1 rounded-xl p-1', {
  variants: {
    variant: {
      default: 'bg-muted',
      outline: 'border border-border/70 bg-muted/60',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function TabsList({
  className,
  variant,
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & VariantProps<typeof tabsListVariants>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn('inline-flex', tabsListVariants({ variant }), className)}
      {...props}
    />
  );
}

export const tabsTriggerVariants = cva(
  [
    'group inline-flex min-w-0 items-center justify-center gap-1.5 rounded-lg font-medium text-muted-foreground',
    'transition-[color,background-color,box-shadow] duration-150 motion-reduce:transition-none hover:text-foreground',
    'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
    'disabled:pointer-events-none disabled:opacity-50',
    'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
  ],
  {
    variants: {
      size: {
        default: 'h-9 px-4 text-sm',
        /** Narrow screens: small text and padding that grow from `sm` up. */
        compact: 'min-h-10 gap-1 px-1 text-xs sm:gap-1.5 sm:px-4 sm:text-sm',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

export function TabsTrigger({
  className,
  size,
  ...props
}: ComponentProps<typeof TabsPrimitive.Trigger> & VariantProps<typeof tabsTriggerVariants>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(tabsTriggerVariants({ size }), className)}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn('min-w-0 outline-none', className)}
      {...props}
    />
  );
}
