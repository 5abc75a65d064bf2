import type { ReactElement, ReactNode } from 'react';
import { Focusable, OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import './overlays.css';

export interface TooltipProps {
  /** What hovering or focusing the trigger reveals; it becomes the trigger's description. */
  content: ReactNode;
  /** A focusable react-aria element (Button, Link …) or a `TooltipText`. */
  children: ReactElement;
  placement?: 'top' | 'bottom' | 'start' | 'end';
}

/** A hint on hover and keyboard focus; react-aria wires aria-describedby and Escape to close it. */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  return (
    <TooltipTrigger delay={300} closeDelay={100}>
      {children}
      <AriaTooltip className="tooltip" placement={placement} offset={8}>
        <OverlayArrow className="tooltip__arrow">
          <svg width={10} height={10} viewBox="0 0 10 10" aria-hidden="true">
            <path d="M0 0 L5 5 L10 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}

export interface TooltipTextProps {
  /** The short text on screen (an airport code, a cut-off label). */
  text: string;
  /** What a screen reader reads for the text, e.g. the whole label the screen cuts off. */
  label?: string;
  tooltip: ReactNode;
}

/**
 * Plain text that explains itself: focusable so keyboard users reach the hint too. The `img` role is
 * react-aria's advice for non-interactive tooltip triggers; the label keeps the text readable.
 */
export function TooltipText({ text, label, tooltip }: TooltipTextProps) {
  return (
    <Tooltip content={tooltip}>
      <Focusable>
        {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- text, not a picture: the role react-aria asks of a non-interactive trigger */}
        <span role="img" aria-label={label ?? text} className="tooltip-text">
          {text}
        </span>
      </Focusable>
    </Tooltip>
  );
}
