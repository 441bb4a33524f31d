import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const TooltipProvider = TooltipPrimitive.Provider;
export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

/**
 * A tooltip's bubble. It keeps 8 px from the viewport's edges (a disabled button at the right end of
 * a table row or card gets its explanation moved inwards, not cut) and never gets wider than the
 * screen.
 */
export function TooltipContent({
  className,
  sideOffset = 6,
  collisionPadding = 8,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 max-w-[min(20rem,calc(100vw-1rem))] rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

/**
 * Explains why an action is not available (spec 1 §1: "Non-holders see these actions disabled with
 * a tooltip"). A disabled button fires no pointer or focus events, so a tooltip attached to it
 * never opens: the tooltip is attached to a focusable wrapper span instead. When `reason` is
 * null the children render unchanged.
 *
 *   <DisabledReason reason={canCollect ? null : t('permissions.onlyFinancier')}>
 *     <Button disabled={!canCollect}>Encaisser</Button>
 *   </DisabledReason>
 */
export function DisabledReason({ reason, children }: { reason: ReactNode | null; children: ReactNode }) {
  if (reason === null || reason === undefined || reason === false) return <>{children}</>;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* tabIndex makes the reason reachable with the keyboard, as the button itself is not.
            The button grows to the span's size: where the layout stretches the action (a phone's
            stacked form actions), the disabled button is as wide as the enabled one would be. */}
        <span
          tabIndex={0}
          data-slot="disabled-reason"
          className="inline-flex cursor-not-allowed [&>*]:grow rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {children}
        </span>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}
