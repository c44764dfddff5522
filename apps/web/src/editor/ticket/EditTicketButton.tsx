/** The editors' 'Edit Ticket' button on the ticket page (lazy chunk: editors only). */
import type { Package } from '@rome/contract';
import { useState } from 'react';
import { TicketEditor } from './TicketEditor';

export default function EditTicketButton({ pkg }: { pkg: Package }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-3 rounded-lg bg-sky-700 px-4 py-2 text-sm font-bold text-white shadow hover:bg-sky-800"
      >
        Edit Ticket
      </button>
      {open && <TicketEditor key={pkg.package_tag} pkg={pkg} onClose={() => setOpen(false)} />}
    </>
  );
}
