/** What an editable block passes to the editor: shared by the visitor's slot and the lazy editor. */
import type { ReactNode } from 'react';

/** 'contact': the shop's contact and social details (website settings), edited in one form. */
export type EditableKind = 'text' | 'html' | 'image' | 'contact';

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
  /**
   * The block shows its English because nobody wrote it in the page's language yet (decision 024): the
   * editor marks it, and saving writes that language's words.
   */
  untranslated?: boolean;
  /** Classes for the editor's wrapper (e.g. 'absolute inset-0' around a banner image). */
  className?: string;
  children: ReactNode;
};
