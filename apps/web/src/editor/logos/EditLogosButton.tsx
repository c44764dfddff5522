/** The editors' 'EDIT LOGOS' button on the home partner strip (lazy chunk: editors only). */
import { useState } from 'react';
import { LogoEditor } from './LogoEditor';

export default function EditLogosButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded bg-sky-700 px-2.5 py-1 text-xs font-bold tracking-wide text-white shadow hover:bg-sky-800"
      >
        EDIT LOGOS
      </button>
      {open && <LogoEditor onClose={() => setOpen(false)} />}
    </>
  );
}
