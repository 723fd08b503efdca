/**
 * `ActionButton`: a button for an action the user may be refused (by the contract's access rules,
 * lib/use-access.ts, or another rule known here). While `refusal` is set the button stays in the tab
 * order and under the pointer (`aria-disabled`, not `disabled`: a disabled button gets no focus and,
 * in some browsers, no pointer events, so its reason could not be reached), does nothing when
 * pressed, and says why in a tooltip that shows on hover, on focus and on press, and leaves with
 * Escape (WCAG 2.2, 1.4.13). The same text is the button's description (`aria-describedby`), so a
 * screen reader announces it with the button (WAI-ARIA Authoring Practices, "Tooltip" pattern).
 */
import { type ButtonHTMLAttributes, type KeyboardEvent, useId, useState } from 'react';
import './action-button.css';

/** Props of `ActionButton`: a button's, and the refusal. */
export interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Why the action is refused, as a sentence; null or absent when it is offered. */
  refusal?: string | null;
}

/** Renders the button, refused (with its reason) while `refusal` is set. */
export function ActionButton({ refusal, ...props }: ActionButtonProps) {
  const tipId = useId();
  const [shown, setShown] = useState(false);
  if (!refusal) return <button type="button" {...props} />;

  const {
    className,
    onClick: _onClick,
    disabled: _disabled,
    title: _title,
    onKeyDown,
    onFocus,
    onBlur,
    'aria-describedby': describedBy,
    ...rest
  } = props;
  function keyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Escape' && shown) {
      event.stopPropagation();
      setShown(false);
    }
    onKeyDown?.(event);
  }
  return (
    <span className="refusal-anchor" onPointerEnter={() => setShown(true)} onPointerLeave={() => setShown(false)}>
      <button
        {...rest}
        type="button"
        className={[className, 'is-refused'].filter(Boolean).join(' ')}
        aria-disabled="true"
        aria-describedby={[describedBy, tipId].filter(Boolean).join(' ')}
        onClick={(event) => {
          event.preventDefault();
          setShown(true);
        }}
        onKeyDown={keyDown}
        onFocus={(event) => {
          setShown(true);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setShown(false);
          onBlur?.(event);
        }}
      />
      <span id={tipId} role="tooltip" className={shown ? 'refusal-tip refusal-tip-shown' : 'refusal-tip'}>
        {refusal}
      </span>
    </span>
  );
}
