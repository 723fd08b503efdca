/**
 * `ActionButton`: a button for an action the user may be refused (by the contract's access rules,
 * lib/use-access.ts, or another rule known here). While `refusal` is set the button stays in the tab
 * order and under the pointer (`aria-disabled`, not `disabled`: a disabled button gets no focus and,
 * in some browsers, no pointer events, so its reason could not be reached), does nothing when
 * pressed, and says why in a tooltip that shows on hover, on focus and on press, stays while the
 * pointer is over it, and leaves with Escape (WCAG 2.2, 1.4.13). The same text is the button's
 * description (`aria-describedby`), so a screen reader announces it with the button (WAI-ARIA
 * Authoring Practices, "Tooltip" pattern). The tooltip is drawn fixed below the button (above it
 * near the window's bottom), so no scrolling pane clips it; the button itself is the same element
 * whether refused or not, so it keeps the focus when the refusal comes or goes.
 */
import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import './action-button.css';

/** Props of `ActionButton`: a button's, and the refusal. */
export interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Why the action is refused, as a sentence; null or absent when it is offered. */
  refusal?: string | null;
}

/** Space between the button and its tooltip, and the least margin to the window's edge, px. */
const gap = 6;
/** How long the tooltip waits after the pointer left before it goes, ms (time to reach it). */
const leaveDelayMs = 200;

/** Renders the button, refused (with its reason) while `refusal` is set. */
export function ActionButton({ refusal, ...props }: ActionButtonProps) {
  const tipId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [over, setOver] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  const shown = Boolean(refusal) && (over || focused || pressed) && !dismissed;

  useEffect(() => () => clearTimeout(leaving.current), []);
  // A refusal that goes (or comes) starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new refusal is the trigger by design.
  useEffect(() => {
    setPressed(false);
    setDismissed(false);
  }, [refusal]);

  useLayoutEffect(() => {
    if (!shown) return;
    function measure() {
      const at = button.current?.getBoundingClientRect();
      const size = tip.current?.getBoundingClientRect();
      if (!at || !size) return;
      const below = at.bottom + gap + size.height <= window.innerHeight - gap;
      setPlace({
        top: below ? at.bottom + gap : Math.max(gap, at.top - gap - size.height),
        left: Math.max(gap, Math.min(at.left, window.innerWidth - gap - size.width)),
      });
    }
    measure();
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [shown]);

  const { className, onClick, disabled, title, type, onKeyDown, onFocus, onBlur, ...rest } = props;
  const describedBy = [props['aria-describedby'], refusal ? tipId : null].filter(Boolean).join(' ') || undefined;
  // A button offered as usual keeps no hover or focus state (nothing to show, nothing to draw again).
  const enter = () => {
    if (!refusal) return;
    clearTimeout(leaving.current);
    setOver(true);
  };
  const leave = () => {
    if (!refusal) return;
    clearTimeout(leaving.current);
    leaving.current = setTimeout(() => {
      setOver(false);
      setPressed(false);
      setDismissed(false);
    }, leaveDelayMs);
  };

  function click(event: MouseEvent<HTMLButtonElement>) {
    if (!refusal) return onClick?.(event);
    event.preventDefault();
    setPressed(true);
    setDismissed(false);
  }
  function keyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Escape' && shown) {
      event.stopPropagation();
      setDismissed(true);
    }
    onKeyDown?.(event);
  }

  return (
    <>
      <button
        {...rest}
        // A refused submit button submits nothing.
        type={refusal ? 'button' : (type ?? 'button')}
        ref={button}
        className={refusal ? [className, 'is-refused'].filter(Boolean).join(' ') : className}
        // A refused action keeps the focus and the pointer; a button disabled for another reason (offline, busy) does not.
        disabled={refusal ? undefined : disabled}
        aria-disabled={refusal ? true : undefined}
        aria-describedby={describedBy}
        title={refusal ? undefined : title}
        onClick={click}
        onKeyDown={keyDown}
        onFocus={(event) => {
          if (refusal) {
            setFocused(true);
            setDismissed(false);
          }
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          setPressed(false);
          onBlur?.(event);
        }}
        onPointerEnter={enter}
        onPointerLeave={leave}
      />
      {refusal ? (
        <span
          ref={tip}
          id={tipId}
          role="tooltip"
          className={shown ? 'refusal-tip refusal-tip-shown' : 'refusal-tip'}
          style={shown ? place : undefined}
          onPointerEnter={enter}
          onPointerLeave={leave}
        >
          {refusal}
        </span>
      ) : null}
    </>
  );
}
