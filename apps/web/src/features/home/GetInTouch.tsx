import { Trans } from '@lingui/react/macro';
import { HOME_PAGE_TAG } from '@rome/contract';
import { useSettings } from '../../api/site';
import { EditableSlot } from '../../components/content/editable';
import { Icon } from '../../components/Icon';
import { HomeText } from './HomeText';

/** Spec §2 Home: get-in-touch block with phone, email, address and a map link (from website settings). */
export function GetInTouch() {
  const s = useSettings();
  const tel = s.website_phone_number.replace(/[^\d+]/g, '');
  const item = 'flex items-start gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200';
  const icon =
    'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent text-stone-900';
  const svg = { className: 'h-5 w-5', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  return (
    <section aria-labelledby="contact-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <HomeText
        word="contactTitle"
        as="h2"
        id="contact-title"
        className="text-3xl font-extrabold tracking-tight text-stone-900"
      />
      <HomeText word="contactLead" as="p" className="mt-2 block text-stone-600" />
      <EditableSlot kind="contact" tag="website-contact" page={HOME_PAGE_TAG} label="contact details">
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          <li className={item}>
            <span className={icon}>
              <Icon {...svg}>
                <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
              </Icon>
            </span>
            <div>
              <h3 className="font-bold text-stone-900">
                <Trans>Phone</Trans>
              </h3>
              <a href={`tel:${tel}`} className="text-brand underline-offset-4 hover:underline">
                {s.website_phone_number}
              </a>
            </div>
          </li>
          <li className={item}>
            <span className={icon}>
              <Icon {...svg}>
                <path d="M3 6h18v12H3z M3 7l9 6 9-6" />
              </Icon>
            </span>
            <div className="min-w-0">
              <h3 className="font-bold text-stone-900">
                <Trans>Email</Trans>
              </h3>
              <a
                href={`mailto:${s.website_email}`}
                className="break-all text-brand underline-offset-4 hover:underline"
              >
                {s.website_email}
              </a>
            </div>
          </li>
          <li className={item}>
            <span className={icon}>
              <Icon {...svg}>
                <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
                <circle cx="12" cy="10" r="2.5" />
              </Icon>
            </span>
            <div>
              <h3 className="font-bold text-stone-900">
                <Trans>Address</Trans>
              </h3>
              <address className="text-stone-700 not-italic">{s.website_address}</address>
              {s.address_map_link && (
                <a
                  href={s.address_map_link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-block font-semibold text-brand underline underline-offset-4"
                >
                  <Trans>View on map</Trans>
                  <span className="sr-only">
                    {' '}
                    <Trans>(opens in a new tab)</Trans>
                  </span>
                </a>
              )}
            </div>
          </li>
        </ul>
      </EditableSlot>
    </section>
  );
}
