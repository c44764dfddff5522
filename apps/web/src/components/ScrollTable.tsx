/** A table that scrolls sideways on narrow screens, reachable by keyboard (the dashboard, the operators' console). */
export function ScrollTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // A figure, not a second landmark: the section around it already carries the same name. Relative, so
    // the screen-reader-only words of a cell scrolled out of sight stay inside it and never widen the page.
    <figure
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe)
      tabIndex={0}
      aria-label={label}
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
    >
      {children}
    </figure>
  );
}
