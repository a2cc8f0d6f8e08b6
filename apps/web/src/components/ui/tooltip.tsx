import { Tooltip as RadixTooltip } from 'radix-ui';
import { type MouseEvent, type ReactElement, type ReactNode, useState } from 'react';

export interface TooltipProps {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/**
 * Shows help on hover, on keyboard focus and on a click or tap; the trigger stays a normal
 * focusable control. Radix never opens a tooltip for a touch, and closes it on a click: a phone
 * user's tap on a help button showed nothing (docs/decisions/135-offer-picker-one-row.md). So a
 * click opens it (the trigger is a help button with no other action); it closes as before on
 * Escape, on a tap elsewhere or when the pointer leaves.
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <RadixTooltip.Root open={isOpen} onOpenChange={setIsOpen} delayDuration={250}>
      <RadixTooltip.Trigger
        asChild
        onClick={(event: MouseEvent) => {
          // Handled: Radix's own click handler (which closes) runs only when this one did not.
          event.preventDefault();
          setIsOpen(true);
        }}
      >
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="ui-tooltip" side={side} sideOffset={6}>
          {content}
          <RadixTooltip.Arrow className="ui-tooltip__arrow" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

/**
 * Shares the open delay between neighbouring tooltips. Each part that shows tooltips has its own,
 * so that the tooltip code loads with that part rather than with the app shell
 * (docs/decisions/108-app-shell-split.md).
 */
export const TooltipProvider = RadixTooltip.Provider;
