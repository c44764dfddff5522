/**
 * The only door from visitors' code to the editor: the editor module is imported lazily, from
 * components that render only when the visitor is an editor (spec §6), so visitors never download it.
 */
import { lazy, Suspense } from 'react';
import { loadQueries } from '../../api/queries';
import { useIsEditor } from '../../lib/session';
import type { EditableProps } from './editable-props';

// Vite names the chunk after the file: EditorTools-[hash].js. The tools read and invalidate queries,
// so they come with the query client (api/queries.ts), which the home page's first load leaves out.
// biome-ignore lint/style/noRestrictedImports: a lazy door to the editor (import(), editors only)
const editorTools = () => Promise.all([import('../../editor/EditorTools'), loadQueries()]).then(([m]) => m);
const LazyEditable = lazy(() => editorTools().then((m) => ({ default: m.Editable })));
const LazyPageTools = lazy(() => editorTools().then((m) => ({ default: m.PageTools })));

/** Visitors get the children as they are; editors get them inside the editor's <Editable>. */
export function EditableSlot(props: EditableProps) {
  const isEditor = useIsEditor();
  if (!isEditor) return <>{props.children}</>;
  return (
    <Suspense fallback={props.children}>
      <LazyEditable {...props} />
    </Suspense>
  );
}

/** The floating metadata button of the page (editors only). */
export function EditorPageTools({ page }: { page: string }) {
  const isEditor = useIsEditor();
  if (!isEditor) return null;
  return (
    <Suspense fallback={null}>
      <LazyPageTools page={page} />
    </Suspense>
  );
}
