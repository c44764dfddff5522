import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';

/** Spec §2 Home: the process steps, from choosing a ticket to riding. */
const STEPS = [
  {
    key: 'choose',
    title: msg`Choose your ticket`,
    text: msg`Pick a ticket type, compare operators and choose your day.`,
    icon: (
      <path d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-2a2 2 0 0 0 0-4z M14 5v12" />
    ),
  },
  {
    key: 'pay',
    title: msg`Pay securely`,
    text: msg`Check out by card on a secure payment page. No fees added.`,
    icon: <path d="M3 7h18v10H3z M3 11h18 M7 15h3" />,
  },
  {
    key: 'qr',
    title: msg`Get your QR code`,
    text: msg`Your QR ticket arrives at once, on screen and by e-mail.`,
    icon: (
      <path d="M4 4h6v6H4z M14 4h6v6h-6z M4 14h6v6H4z M14 14h2v2h-2z M18 14h2v2 M14 18h2v2 M18 18h2v2h-2z" />
    ),
  },
  {
    key: 'ride',
    title: msg`Hop on and ride`,
    text: msg`Show the code to an agent at any stop and enjoy Rome.`,
    icon: (
      <path d="M6 4h12a2 2 0 0 1 2 2v10H4V6a2 2 0 0 1 2-2z M4 11h16 M7 19v-3 M17 19v-3 M8 14h.01 M16 14h.01" />
    ),
  },
];

export function ProcessSteps() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="steps-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <h2 id="steps-title" className="text-center text-3xl font-extrabold tracking-tight text-stone-900">
        <Trans>How it works</Trans>
      </h2>
      <p className="mt-2 text-center text-stone-600">
        <Trans>Four steps from the sofa to the top deck.</Trans>
      </p>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((s, i) => (
          <li key={s.key} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
            <span className="absolute top-4 right-4 text-4xl font-black text-stone-200" aria-hidden="true">
              {i + 1}
            </span>
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand text-accent">
              <Icon className="h-6 w-6" strokeLinecap="round" strokeLinejoin="round">
                {s.icon}
              </Icon>
            </span>
            <h3 className="mt-4 text-lg font-bold text-stone-900">
              <span className="sr-only">{t`Step ${i + 1}:`} </span>
              {t(s.title)}
            </h3>
            <p className="mt-1 text-sm text-stone-600">{t(s.text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
