/**
 * 'I need an invoice' (decisions 061, 062): the form a buyer asks an invoice with (a person or a
 * company, Italian or from abroad), then the invoice's downloads (PDF and the Italian e-invoice XML)
 * and, after a refund, the credit note's. The ticket link page and the purchase history both use it;
 * each passes how it reaches the order (the link's token or the signed-in account).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  formatEuroDecimal,
  formatRomeDate,
  INVOICE_COUNTRIES,
  type InvoiceRequest,
  type OrderInvoice,
} from '@rome/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { FormError, inputClass, labelClass } from '../../components/form';
import { pageLocale } from '../../i18n/locale';
import type { InvoiceAccess } from './api';

type Kind = 'person' | 'company';

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

function Documents({ view, access }: { view: OrderInvoice; access: InvoiceAccess }) {
  const { t } = useLingui();
  const docs = [
    view.invoice && { title: t`Invoice ${view.invoice.number}`, doc: view.invoice, name: 'invoice' },
    view.credit_note && {
      title: t`Credit note ${view.credit_note.number}`,
      doc: view.credit_note,
      name: 'credit-note',
    },
  ].filter((d) => !!d);
  const button =
    'inline-flex items-center rounded-lg px-3 py-2 text-sm font-semibold text-brand ring-1 ring-stone-300 hover:bg-stone-100';
  return (
    <ul className="space-y-3 text-left" data-testid="invoice-documents">
      {docs.map(({ title, doc, name }) => {
        const base = `${name}-${doc.number.replace('/', '-')}`;
        const links: [string, string, string][] = [
          [t`PDF`, doc.pdf, `${base}.pdf`],
          [t`E-invoice (XML)`, doc.xml, `${base}.xml`],
        ];
        return (
          <li key={name} className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
            <p className="font-semibold text-stone-900">{title}</p>
            <p className="text-sm text-stone-600">
              {formatRomeDate(doc.date, pageLocale)} · {formatEuroDecimal(doc.total, pageLocale)}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {links.map(([label, url, file]) =>
                access.plainLinks ? (
                  <a key={url} href={url} download className={button} aria-label={`${title}: ${label}`}>
                    {label}
                  </a>
                ) : (
                  <button
                    key={url}
                    type="button"
                    className={button}
                    aria-label={`${title}: ${label}`}
                    onClick={() => void access.download(url, file)}
                  >
                    {label}
                  </button>
                ),
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The form, or the documents once there is an invoice. */
export function InvoicePanel({
  access,
  canAsk = true,
  startOpen = false,
}: {
  access: InvoiceAccess;
  /** False for a refunded order: its documents if any, no new invoice. */
  canAsk?: boolean;
  startOpen?: boolean;
}) {
  const { t } = useLingui();
  const [view, setView] = useState<OrderInvoice | null>(null);
  const [open, setOpen] = useState(startOpen);
  const [kind, setKind] = useState<Kind>('person');
  const [country, setCountry] = useState('IT');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  useEffect(() => {
    let live = true;
    access
      .load()
      .then((v) => live && setView(v))
      .catch(() => live && setView({ invoice: null, credit_note: null }));
    return () => {
      live = false;
    };
  }, [access]);

  const names = new Intl.DisplayNames([pageLocale], { type: 'region' });
  const countries = [...INVOICE_COUNTRIES]
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => (a.code === 'IT' ? -1 : b.code === 'IT' ? 1 : a.name.localeCompare(b.name, pageLocale)));
  const italian = country === 'IT';

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setError(null);
    try {
      setView(
        await access.ask({
          kind,
          company_name: field('company_name'),
          first_name: field('first_name'),
          last_name: field('last_name'),
          country: country as InvoiceRequest['country'],
          street: field('street'),
          postcode: field('postcode'),
          city: field('city'),
          province: field('province'),
          vat_number: field('vat_number'),
          tax_code: field('tax_code'),
          sdi_code: field('sdi_code'),
          pec: field('pec'),
        }),
      );
    } catch (err) {
      setError(errorMessage(err, t`Something went wrong! Please try again.`));
    }
    setBusy(false);
  };

  if (!view) return null;
  if (view.invoice) return <Documents view={view} access={access} />;
  if (!canAsk)
    return (
      <p className="text-sm text-stone-600">
        <Trans>No invoice was issued for this order.</Trans>
      </p>
    );
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg px-3 py-2 text-sm font-semibold text-brand ring-1 ring-stone-300 hover:bg-stone-100"
        aria-expanded={false}
      >
        <Trans>I need an invoice</Trans>
      </button>
    );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-describedby={errorId}
      className="space-y-4"
      data-testid="invoice-form"
    >
      <h2 className="text-lg font-bold text-stone-900">
        <Trans>Invoice details</Trans>
      </h2>
      <p className="text-sm text-stone-600">
        <Trans>
          One invoice per order, with VAT shown as the law asks. Prices already include VAT. You get a PDF and
          the Italian e-invoice (XML).
        </Trans>
      </p>
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
          ).map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-2 text-stone-900">
              <input
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="h-4 w-4 accent-brand"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'company' ? (
        <Field label={t`Company name`} name="company_name" autoComplete="organization" required />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t`First name`} name="first_name" autoComplete="given-name" required />
          <Field label={t`Last name`} name="last_name" autoComplete="family-name" required />
        </div>
      )}
      <div>
        <label htmlFor={`${errorId}-country`} className={labelClass}>
          <Trans>Country</Trans>
        </label>
        <select
          id={`${errorId}-country`}
          name="country"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
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
      <Field label={t`Street and number`} name="street" autoComplete="street-address" required />
      <div className="grid items-end gap-4 sm:grid-cols-3">
        <Field
          label={t`Postcode`}
          name="postcode"
          autoComplete="postal-code"
          inputMode={italian ? 'numeric' : undefined}
        />
        <Field label={t`City`} name="city" autoComplete="address-level2" required />
        {italian && (
          <Field
            label={t`Province (2 letters)`}
            name="province"
            maxLength={2}
            autoComplete="address-level1"
          />
        )}
      </div>
      <Field
        label={italian ? t`VAT number (Partita IVA)` : t`VAT number`}
        name="vat_number"
        hint={kind === 'company' ? undefined : t`Only if you have one.`}
      />
      {italian && (
        <Field
          label={t`Tax code (codice fiscale)`}
          name="tax_code"
          hint={
            kind === 'person'
              ? t`Needed for an Italian person without a VAT number.`
              : t`Only if it differs from the VAT number.`
          }
        />
      )}
      {italian && kind === 'company' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t`Recipient code (SDI)`}
            name="sdi_code"
            maxLength={7}
            hint={t`Optional, 7 letters and digits.`}
          />
          <Field label={t`Certified e-mail (PEC)`} name="pec" type="email" hint={t`Optional.`} />
        </div>
      )}
      <FormError id={errorId} message={error} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
        >
          {busy ? t`Sending...` : t`Get my invoice`}
        </button>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded-lg bg-white px-4 py-2.5 font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          <Trans>Not now</Trans>
        </button>
      </div>
    </form>
  );
}
