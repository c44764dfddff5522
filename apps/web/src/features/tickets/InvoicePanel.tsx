/**
 * 'I need an invoice' (decisions 061, 062): the form a buyer asks an invoice with after paying (its
 * fields are InvoiceFields, as at checkout, decision 069), then the invoice's downloads (PDF and the Italian e-invoice XML)
 * and, after a refund, the credit note's. The ticket link page and the purchase history both use it;
 * each passes how it reaches the order (the link's token or the signed-in account).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatEuroDecimal, formatRomeDate, type OrderInvoice } from '@rome/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { FormError } from '../../components/form';
import { pageLocale } from '../../i18n/locale';
import { EMPTY_INVOICE, InvoiceFields, shownInvoice } from '../../lib/InvoiceFields';
import type { InvoiceAccess } from './api';

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
  const [draft, setDraft] = useState(EMPTY_INVOICE);
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

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setView(await access.ask(shownInvoice(draft)));
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
      <InvoiceFields value={draft} onChange={setDraft} />
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
