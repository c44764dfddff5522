import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** Shown when a page chunk fails to load (for example after a deploy): a plain message and a reload. */
export function RouteError() {
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Failed to load data. Please try again later.</Trans>
      </h1>
      <button
        type="button"
        className="mt-4 rounded bg-brand px-4 py-2 text-white"
        onClick={() => window.location.reload()}
      >
        <Trans>Try Again</Trans>
      </button>
    </main>
  );
}

type BoundaryProps = { at: string; children: ReactNode };
type BoundaryState = { failedAt: string | null };

/** RouteError in place of its children once drawing them threw, until the address changes (Back). */
class RouteErrorCatcher extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    // The address is filled in by componentDidCatch; a non-null marker shows the error at once.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return state.failedAt && state.failedAt !== props.at ? { failedAt: null } : null;
  }

  componentDidCatch() {
    this.setState({ failedAt: this.props.at });
  }

  render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}

/**
 * A route's error boundary (what the data router's errorElement was): a page that throws while drawing,
 * or whose code fails to load, shows RouteError; another address (Back, a link) draws its page again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <RouteErrorCatcher at={`${pathname}${search}`}>{children}</RouteErrorCatcher>;
}
