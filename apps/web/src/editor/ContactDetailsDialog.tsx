import type { WebsiteSettings } from '@rome/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { settingsQuery, useSettings } from '../api/site';
import { buttonPrimary, buttonSecondary, Dialog, inputClass } from '../components/Dialog';
import toast from '../lib/toast';
import { type ContactDetailsInput, reasonOf, saveContactDetails } from './api';

/** The fields in the order the get-in-touch block and the footer show them. */
const FIELDS: { key: keyof ContactDetailsInput; label: string; type: string; hint?: string }[] = [
  { key: 'website_phone_number', label: 'Phone', type: 'tel' },
  { key: 'website_email', label: 'E-mail', type: 'email' },
  { key: 'website_address', label: 'Address', type: 'text' },
  { key: 'address_map_link', label: 'Map link', type: 'url', hint: 'https:// address of the map' },
  { key: 'website_facebook', label: 'Facebook page', type: 'url', hint: 'Empty hides the icon' },
  { key: 'website_instagram', label: 'Instagram page', type: 'url', hint: 'Empty hides the icon' },
];

/**
 * The shop's contact and social details, edited where visitors see them (the get-in-touch block, the
 * footer): one form for all six, the same in every language. The server checks each field; its
 * message shows here and nothing is saved.
 */
export function ContactDetailsDialog({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<keyof ContactDetailsInput, string>>(() => {
    const start = {} as Record<keyof ContactDetailsInput, string>;
    for (const f of FIELDS) start[f.key] = settings[f.key as keyof WebsiteSettings] as string;
    return start;
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const stored = await saveContactDetails(values);
      queryClient.setQueryData(settingsQuery.queryKey, stored);
      toast.success('Contact details updated!');
      onClose();
    } catch (err) {
      setError(reasonOf(err, 'Failed to update the contact details'));
      setSaving(false);
    }
  }

  return (
    <Dialog
      title="Contact details"
      onClose={onClose}
      className="m-auto max-h-[100dvh] w-[min(32rem,calc(100vw-1rem))] max-w-none rounded-xl"
    >
      <form onSubmit={save} noValidate className="min-h-0 flex-1 space-y-4 overflow-auto p-5">
        <p className="text-sm text-stone-700">
          Shown in the get-in-touch block of the home page, the footer and the About Us text, in every
          language.
        </p>
        {FIELDS.map((f) => (
          <label key={f.key} className="block text-sm font-semibold">
            {f.label}
            <input
              className={inputClass}
              type={f.type}
              name={f.key}
              value={values[f.key]}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
            />
            {f.hint && <span className="mt-1 block text-xs font-normal text-stone-600">{f.hint}</span>}
          </label>
        ))}
        <p role="alert" className="min-h-5 text-sm font-semibold text-red-700">
          {error}
        </p>
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonSecondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonPrimary} disabled={saving}>
            {saving ? 'Saving...' : 'Save contact details'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
