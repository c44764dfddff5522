/**
 * For the people of an operator (decision 066): the way to their console from their account page, as
 * the shop's navigation (spec) has no place for it. Nothing for a customer.
 */
import { Trans } from '@lingui/react/macro';
import { OPERATOR_CONSOLE_PATH } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../../api/client';

export function OperatorConsoleLink() {
  const mine = useQuery({
    queryKey: ['operator', 'mine'],
    queryFn: ({ signal }) => call('GET /api/operator/', {}, { signal }),
  });
  const operators = mine.data && !mine.data.superuser ? mine.data.operators : [];
  if (operators.length === 0) return null;
  const names = operators.map((o) => o.name).join(', ');
  return (
    <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <p className="text-stone-800">
        <Trans>You work for {names}.</Trans>{' '}
        <Link to={OPERATOR_CONSOLE_PATH} className="font-semibold text-brand underline underline-offset-4">
          <Trans>Open the operator console</Trans>
        </Link>
      </p>
    </section>
  );
}
