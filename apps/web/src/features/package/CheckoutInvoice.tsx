/**
 * 'I need an invoice' at checkout (decision 069): the after-payment form's fields (InvoiceFields), sent
 * with the checkout and judged by the server with the same rules. The invoice is issued when the
 * payment goes through and waits on the ticket's page. Its own chunk, loaded when the box is ticked.
 */
import { Trans } from '@lingui/react/macro';
import type { InvoiceRequest } from '@rome/contract';
import { useEffect, useState } from 'react';
import { EMPTY_INVOICE, InvoiceFields, shownInvoice } from '../../lib/InvoiceFields';

export default function CheckoutInvoice({
  id,
  onChange,
}: {
  id: string;
  /** The request as it would be sent now, on every change (the first at once). */
  onChange: (request: InvoiceRequest) => void;
}) {
  const [draft, setDraft] = useState(EMPTY_INVOICE);
  useEffect(() => onChange(shownInvoice(draft)), [draft, onChange]);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mt-3 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200"
      data-testid="checkout-invoice"
    >
      <h3 id={`${id}-title`} className="font-bold text-stone-900">
        <Trans>Invoice details</Trans>
      </h3>
      <p className="mt-1 mb-3 text-sm text-stone-700">
        <Trans>
          Your invoice is issued when you pay, with VAT shown as the law asks, and waits on your ticket's page
          (a PDF and the Italian e-invoice).
        </Trans>
      </p>
      <InvoiceFields value={draft} onChange={setDraft} />
    </section>
  );
}
