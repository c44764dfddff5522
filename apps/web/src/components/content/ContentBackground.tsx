import type { ReactNode } from 'react';
import { useStaticContent } from './api';
import { EditableSlot } from './editable';

/**
 * A section's background picture that editors can change in place (a page image, spec §3): the
 * picture an editor attached, covering the section behind its words with `overlay` over it for
 * legibility, else the section's own drawing (`fallback`). Put it first inside a `relative isolate`
 * section. For editors the whole section is outlined and its corner carries the picture's EDIT; the
 * outline lets every click through to the words and their own EDIT buttons.
 */
export function ContentBackground({
  tag,
  page,
  label,
  fallback,
  overlay,
}: {
  tag: string;
  page: string;
  label: string;
  fallback: ReactNode;
  /** Classes of the layer between the picture and the words (a gradient), drawn only over a picture. */
  overlay: string;
}) {
  const content = useStaticContent(page);
  const image = content.image(tag)?.image ?? null;
  return (
    <>
      {image?.file ? (
        <>
          <img
            src={image.file}
            alt=""
            decoding="async"
            data-content-tag={tag}
            className="absolute inset-0 -z-10 h-full w-full object-cover"
          />
          <div className={`absolute inset-0 -z-10 ${overlay}`} aria-hidden="true" />
        </>
      ) : (
        fallback
      )}
      <EditableSlot
        kind="image"
        tag={tag}
        page={page}
        imageId={image?.id ?? null}
        label={label}
        className="pointer-events-none absolute inset-0 z-10"
      >
        <span aria-hidden="true" />
      </EditableSlot>
    </>
  );
}
