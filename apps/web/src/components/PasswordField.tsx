/** A password input with a show/hide toggle whose accessible name says what it does. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { inputClass, labelClass } from './form';
import { Icon } from './Icon';

export function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete = 'current-password',
  required = true,
  disabled,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
}) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          required={required}
          disabled={disabled}
          placeholder={placeholder}
          className={`${inputClass} pr-12`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t`Hide password` : t`Show password`}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-600 hover:text-brand"
        >
          {shown ? (
            <Icon className="h-5 w-5" strokeLinecap="round" strokeLinejoin="round">
              <path d="M3 3l18 18M10.6 10.6a2 2 0 002.8 2.8M9.9 5.1A9.8 9.8 0 0112 5c5 0 9 4.5 10 7-.4 1-1.3 2.4-2.6 3.7M6.6 6.6C4.4 8 2.8 10.2 2 12c1 2.5 5 7 10 7 1.6 0 3-.4 4.3-1" />
            </Icon>
          ) : (
            <Icon className="h-5 w-5">
              <path d="M2 12c1-2.5 5-7 10-7s9 4.5 10 7c-1 2.5-5 7-10 7S3 14.5 2 12z" strokeLinejoin="round" />
              <circle cx="12" cy="12" r="3" />
            </Icon>
          )}
        </button>
      </div>
    </div>
  );
}
