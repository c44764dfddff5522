import { useLingui } from '@lingui/react/macro';
import type { HomeWord } from '@rome/contract';
import { Icon } from '../../components/Icon';
import { HomeText } from './HomeText';

/** Spec §2 Home: the process steps, from choosing a ticket to riding (words editors change in place). */
const STEPS: { key: string; title: HomeWord; text: HomeWord; icon: React.ReactNode }[] = [
  {
    key: 'choose',
    title: 'step1Title',
    text: 'step1Text',
    icon: (
      <path d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-2a2 2 0 0 0 0-4z M14 5v12" />
    ),
  },
  {
    key: 'pay',
    title: 'step2Title',
    text: 'step2Text',
    icon: <path d="M3 7h18v10H3z M3 11h18 M7 15h3" />,
  },
  {
    key: 'qr',
    title: 'step3Title',
    text: 'step3Text',
    icon: (
      <path d="M4 4h6v6H4z M14 4h6v6h-6z M4 14h6v6H4z M14 14h2v2h-2z M18 14h2v2 M14 18h2v2 M18 18h2v2h-2z" />
    ),
  },
  {
    key: 'ride',
    title: 'step4Title',
    text: 'step4Text',
    icon: (
      <path d="M6 4h12a2 2 0 0 1 2 2v10H4V6a2 2 0 0 1 2-2z M4 11h16 M7 19v-3 M17 19v-3 M8 14h.01 M16 14h.01" />
    ),
  },
];

export function ProcessSteps() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="steps-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <HomeText
        word="stepsTitle"
        as="h2"
        id="steps-title"
        className="text-center text-3xl font-extrabold tracking-tight text-stone-900"
      />
      <HomeText word="stepsLead" as="p" className="mt-2 block text-center text-stone-600" />
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
              <HomeText word={s.title} as="span" />
            </h3>
            <HomeText word={s.text} as="p" className="mt-1 block text-sm text-stone-600" />
          </li>
        ))}
      </ol>
    </section>
  );
}
