/**
 * The verification code (spec §5), one box per digit (RESET_CODE_LENGTH): focus moves forward as you
 * type, Backspace on an empty box moves back and clears the previous box, pasting the code fills all.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { RESET_CODE_LENGTH } from '@rome/contract';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

export function CodeInput({
  digits,
  onChange,
  disabled,
}: {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(RESET_CODE_LENGTH - 1, i))]?.focus();

  function fillFrom(start: number, text: string) {
    const incoming = text.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH - start);
    if (!incoming) return;
    const next = [...digits];
    for (let k = 0; k < incoming.length; k++) next[start + k] = incoming[k];
    onChange(next);
    focus(start + incoming.length);
  }

  function onInput(i: number, value: string) {
    const typed = value.replace(/\D/g, '');
    if (!typed) {
      if (value === '') {
        const next = [...digits];
        next[i] = '';
        onChange(next);
      }
      return;
    }
    // A box that already held a digit receives two characters: keep the newly typed one.
    const old = digits[i];
    const digit = typed.length === 2 && old ? (typed[0] === old ? typed[1] : typed[0]) : typed;
    fillFrom(i, digit);
  }

  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight' && i < RESET_CODE_LENGTH - 1) {
      e.preventDefault();
      focus(i + 1);
    }
  }

  function onPaste(i: number, e: ClipboardEvent<HTMLInputElement>) {
    const text = e.clipboardData.getData('text').replace(/\D/g, '');
    if (!text) return;
    e.preventDefault();
    if (text.length >= RESET_CODE_LENGTH) fillFrom(0, text);
    else fillFrom(i, text);
  }

  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-semibold text-stone-800">
        <Trans>Verification Code</Trans>
      </legend>
      <div className="flex justify-between gap-2">
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            type="text"
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            maxLength={RESET_CODE_LENGTH}
            aria-label={t`Digit ${i + 1} of ${RESET_CODE_LENGTH}`}
            value={digit}
            disabled={disabled}
            onChange={(e) => onInput(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            onFocus={(e) => e.target.select()}
            className="h-12 w-full min-w-0 max-w-12 rounded-lg border border-stone-400 bg-white text-center text-xl font-semibold text-stone-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
          />
        ))}
      </div>
    </fieldset>
  );
}
