import { buttonPrimary, buttonSecondary } from '../../components/Dialog';

/**
 * The editor forms' last row (Change Image, a partner logo, an upload): Cancel, then the submit button.
 * While the form is busy both are disabled and the submit says what is under way ('Saving...').
 */
export function FormActions({
  label,
  busyLabel,
  busy,
  onCancel,
  submitDisabled = false,
  className = '',
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  onCancel: () => void;
  /** The submit is also disabled while the form is not ready to send. */
  submitDisabled?: boolean;
  /** Its spacing from what comes before it. */
  className?: string;
}) {
  return (
    <div className={`${className} flex flex-wrap justify-end gap-2`}>
      <button type="button" className={buttonSecondary} onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className={buttonPrimary} disabled={busy || submitDisabled}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
