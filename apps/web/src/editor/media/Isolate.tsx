import type { HTMLAttributes, ReactNode, SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';

const stop = (e: SyntheticEvent) => e.stopPropagation();

// onCancel and onClose are dialog events that React also passes up through ancestors' props.
const keepToItself = {
  onCancel: stop,
  onClose: stop,
  onSubmit: stop,
  onKeyDown: stop,
} as HTMLAttributes<HTMLDivElement>;

/**
 * Renders a dialog opened from inside another dialog or form into document.body, and keeps its
 * events to itself: React passes events up the component tree even across portals, so without this
 * an Escape (cancel) in the inner dialog would also close the outer one, and a submit of the inner
 * form would submit the outer one.
 */
export function Isolate({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="contents" {...keepToItself}>
      {children}
    </div>,
    document.body,
  );
}
