/**
 * The only door from visitors' code to the editor: the editor module is imported lazily, from
 * components that render only when the visitor is an editor (spec §6), so visitors never download it.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { useIsEditor } from '../../lib/session';

export type EditableKind = 'text' | 'html' | 'image';

export type EditableProps = {
  kind: EditableKind;
  /** The content block's or page image's unique tag. */
  tag: string;
  /** The page tag the block belongs to (sent when the block does not exist yet). */
  page: string;
  /** The block's current HTML (text and HTML blocks). */
  source?: string;
  /** The current media id (images). */
  imageId?: number | null;
  /** A human name for the EDIT button ('About Us title'); defaults to the tag. */
  label?: string;
  /** Classes for the editor's wrapper (e.g. 'absolute inset-0' around a banner image). */
  className?: string;
  children: ReactNode;
};

// Vite names the chunk after the file: EditorTools-[hash].js.
const LazyEditable = lazy(() => import('../../editor/EditorTools').then((m) => ({ default: m.Editable })));
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
