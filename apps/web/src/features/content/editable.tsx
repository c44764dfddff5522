/**
 * The only door from visitors' code to the editor: the editor module is imported lazily, from
 * components that render only when the visitor is an editor (spec §6), so visitors never download it.
 */
import { lazy, Suspense } from 'react';
import { useIsEditor } from '../../lib/session';
import type { EditableProps } from './editable-props';

// Vite names the chunk after the file: EditorTools-[hash].js.
// biome-ignore lint/style/noRestrictedImports: a lazy door to the editor (import(), editors only)
const LazyEditable = lazy(() => import('../../editor/EditorTools').then((m) => ({ default: m.Editable })));
// biome-ignore lint/style/noRestrictedImports: a lazy door to the editor (import(), editors only)
const LazyPageTools = lazy(() => import('../../editor/EditorTools').then((m) => ({ default: m.PageTools })));

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
