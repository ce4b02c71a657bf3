import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { OTP_LENGTH } from '@registry/domain';
import './otp-input.css';

export interface OtpInputProps {
  /** Prefix of the boxes' ids; the first box gets `${id}-0`. */
  id: string;
  /** Visible name of the group (the boxes are named "Digit n of 6"). */
  label: string;
  /** The digits typed so far, empty boxes left out. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The first box, so a form can focus the code on an error. */
  ref?: Ref<HTMLInputElement>;
  length?: number;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

function boxesFrom(value: string, length: number): string[] {
  const digits = onlyDigits(value).slice(0, length);
  return Array.from({ length }, (_, index) => digits[index] ?? '');
}

/**
 * Six one-digit boxes for an emailed code. Boxes are kept as an array so an empty box in the
 * middle stays where it is; the parent sees the digits joined. A value from the parent that
 * differs from the joined boxes (a reset to '') replaces them. A digit typed into a box always
 * replaces what it holds and moves on, even the same digit (see handleBeforeInput).
 */
export function OtpInput({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
  autoFocus,
  ref,
  length = OTP_LENGTH,
}: OtpInputProps) {
  const [boxes, setBoxes] = useState(() => boxesFrom(value, length));
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const group = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const errorId = `${id}-error`;

  // Only a change from outside matters (our own changes already match the boxes). Adjusted
  // while rendering, as React advises for state that follows a prop, instead of in an effect.
  const [shown, setShown] = useState({ value, length });
  if (shown.value !== value || shown.length !== length) {
    setShown({ value, length });
    if (boxes.join('') !== value) setBoxes(boxesFrom(value, length));
  }

  function focusBox(index: number) {
    const target = inputs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  }

  function commit(next: string[]) {
    setBoxes(next);
    onChange(next.join(''));
  }

  /** Writes digits from box `start` on; returns the box after the last one written. */
  function fillFrom(start: number, digits: string): number {
    const next = [...boxes];
    let index = start;
    for (const digit of digits) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    commit(next);
    return index;
  }

  function handleInput(index: number, raw: string) {
    const typed = onlyDigits(raw);
    if (!typed) {
      // A letter typed, or the digit deleted: keep the box empty.
      if (raw === '' && boxes[index]) commit(boxes.map((box, at) => (at === index ? '' : box)));
      return;
    }
    const previous = boxes[index];
    if (typed.length === 2 && previous && typed.includes(previous)) {
      // Typed next to the digit already there: the new one replaces it.
      const fresh = typed[0] === previous ? typed[1] : typed[0];
      fillFrom(index, fresh ?? '');
      focusBox(index + 1);
      return;
    }
    // One digit, or a whole code filled in by the phone's keyboard suggestion.
    const start = typed.length >= length ? 0 : index;
    focusBox(fillFrom(start, typed));
  }

  /**
   * What is typed is taken before the browser puts it in the box. Typed over the same digit
   * (a member typing the whole code again from the first box), the box's value would not
   * change, so no change event would come and focus would stay: the next digit then landed in
   * the wrong box (issue 28 §7). `beforeinput` comes for every insertion, from a keyboard or a
   * phone's, with what is inserted. Where it cannot be cancelled (text still being composed),
   * the change handler above does the work as before.
   */
  function handleBeforeInput(index: number, event: InputEvent) {
    if (!event.cancelable || !event.inputType.startsWith('insert') || event.data === null) return;
    event.preventDefault();
    const digits = onlyDigits(event.data);
    if (!digits) return; // A letter: the box keeps what it had.
    // One digit replaces the box's; a whole code (a keyboard's suggestion) fills every box.
    const start = digits.length >= length ? 0 : index;
    focusBox(fillFrom(start, digits));
  }

  // React's onBeforeInput is made from other events (textInput, keypress), not the native
  // `beforeinput`, so the native event is listened to, once, on the group. The handler reads
  // the boxes of the latest render.
  const beforeInput = useRef(handleBeforeInput);
  useLayoutEffect(() => {
    beforeInput.current = handleBeforeInput;
  });
  useEffect(() => {
    const element = group.current;
    if (!element) return;
    const listener = (event: Event) => {
      const index = inputs.current.indexOf(event.target as HTMLInputElement);
      if (index >= 0 && event instanceof InputEvent) beforeInput.current(index, event);
    };
    element.addEventListener('beforeinput', listener);
    return () => element.removeEventListener('beforeinput', listener);
  }, []);

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !boxes[index]) {
      event.preventDefault();
      if (index === 0) return;
      commit(boxes.map((box, at) => (at === index - 1 ? '' : box)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(length - 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (!digits) return;
    const start = digits.length >= length ? 0 : index;
    focusBox(fillFrom(start, digits));
  }

  return (
    <div
      ref={group}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      className="otp-input"
    >
      <label id={labelId} htmlFor={`${id}-0`} className="form-label">
        {label}
      </label>
      <div className="otp-input-boxes">
        {boxes.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
              if (index !== 0 || !ref) return;
              if (typeof ref === 'function') ref(element);
              else ref.current = element;
            }}
            id={`${id}-${index}`}
            className={`form-control otp-input-box${error ? ' is-invalid' : ''}`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            value={digit}
            onChange={(event) => handleInput(index, event.target.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
