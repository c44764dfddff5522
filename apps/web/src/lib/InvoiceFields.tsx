/**
 * The billing details of 'I need an invoice' (decisions 061, 069): a person or a company, Italian or
 * from abroad, the fields each needs. One component for the after-payment form (InvoicePanel) and the
 * checkout (CheckoutInvoice), so both ask the same and the server judges both with the contract's
 * `invoiceRequestSchema`. Controlled: the caller keeps the draft and sends `shownInvoice(draft)`.
 * Its grids follow the width it is given (a container query), not the window's: the checkout's panel
 * is narrow beside the ticket's page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { INVOICE_COUNTRIES, type InvoiceRequest } from '@rome/contract';
import { useId } from 'react';
import { inputClass, labelClass } from '../components/form';
import { pageLocale } from '../i18n/locale';

type Kind = InvoiceRequest['kind'];
/** Every field as the inputs hold it: text. */
export type InvoiceDraft = Required<{ [K in keyof InvoiceRequest]: Exclude<InvoiceRequest[K], undefined> }>;

export const EMPTY_INVOICE: InvoiceDraft = {
  kind: 'person',
  company_name: '',
  first_name: '',
  last_name: '',
  country: 'IT',
  street: '',
  postcode: '',
  city: '',
  province: '',
  vat_number: '',
  tax_code: '',
  sdi_code: '',
  pec: '',
};

/** The draft as it is sent: only what the form shows for its kind and country (a hidden field is empty). */
export function shownInvoice(d: InvoiceDraft): InvoiceRequest {
  const italian = d.country === 'IT';
  const company = d.kind === 'company';
  return {
    ...d,
    company_name: company ? d.company_name : '',
    first_name: company ? '' : d.first_name,
    last_name: company ? '' : d.last_name,
    province: italian ? d.province : '',
    tax_code: italian ? d.tax_code : '',
    sdi_code: italian && company ? d.sdi_code : '',
    pec: italian && company ? d.pec : '',
  };
}

function Field({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function InvoiceFields({
  value,
  onChange,
}: {
  value: InvoiceDraft;
  onChange: (next: InvoiceDraft) => void;
}) {
  const { t } = useLingui();
  const countryId = useId();
  const { kind, country } = value;
  const italian = country === 'IT';
  const names = new Intl.DisplayNames([pageLocale], { type: 'region' });
  const countries = [...INVOICE_COUNTRIES]
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => (a.code === 'IT' ? -1 : b.code === 'IT' ? 1 : a.name.localeCompare(b.name, pageLocale)));
  /** A text field bound to the draft. */
  const bound = (name: Exclude<keyof InvoiceDraft, 'kind' | 'country'>) => ({
    name,
    value: value[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [name]: e.target.value }),
  });

  return (
    <div className="space-y-4 @container">
      <fieldset>
        <legend className={labelClass}>
          <Trans>The invoice is for</Trans>
        </legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['person', t`A person`],
              ['company', t`A company`],
            ] as const
          ).map(([option, label]) => (
            <label key={option} className="inline-flex items-center gap-2 text-stone-900">
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => onChange({ ...value, kind: option as Kind })}
                className="h-4 w-4 accent-brand"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'company' ? (
        <Field label={t`Company name`} autoComplete="organization" required {...bound('company_name')} />
      ) : (
        <div className="grid gap-4 @sm:grid-cols-2">
          <Field label={t`First name`} autoComplete="given-name" required {...bound('first_name')} />
          <Field label={t`Last name`} autoComplete="family-name" required {...bound('last_name')} />
        </div>
      )}
      <div>
        <label htmlFor={countryId} className={labelClass}>
          <Trans>Country</Trans>
        </label>
        <select
          id={countryId}
          name="country"
          value={country}
          onChange={(e) => onChange({ ...value, country: e.target.value as InvoiceDraft['country'] })}
          className={inputClass}
          autoComplete="country"
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <Field label={t`Street and number`} autoComplete="street-address" required {...bound('street')} />
      <div className="grid items-end gap-4 @sm:grid-cols-2 @md:grid-cols-3">
        <Field
          label={t`Postcode`}
          autoComplete="postal-code"
          inputMode={italian ? 'numeric' : undefined}
          {...bound('postcode')}
        />
        <Field label={t`City`} autoComplete="address-level2" required {...bound('city')} />
        {italian && (
          <Field
            label={t`Province (2 letters)`}
            maxLength={2}
            autoComplete="address-level1"
            {...bound('province')}
          />
        )}
      </div>
      <Field
        label={italian ? t`VAT number (Partita IVA)` : t`VAT number`}
        hint={kind === 'company' ? undefined : t`Only if you have one.`}
        {...bound('vat_number')}
      />
      {italian && (
        <Field
          label={t`Tax code (codice fiscale)`}
          hint={
            kind === 'person'
              ? t`Needed for an Italian person without a VAT number.`
              : t`Only if it differs from the VAT number.`
          }
          {...bound('tax_code')}
        />
      )}
      {italian && kind === 'company' && (
        <div className="grid gap-4 @sm:grid-cols-2">
          <Field
            label={t`Recipient code (SDI)`}
            maxLength={7}
            hint={t`Optional, 7 letters and digits.`}
            {...bound('sdi_code')}
          />
          <Field label={t`Certified e-mail (PEC)`} type="email" hint={t`Optional.`} {...bound('pec')} />
        </div>
      )}
    </div>
  );
}
