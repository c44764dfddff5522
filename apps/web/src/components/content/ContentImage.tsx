import { useCallback, useMemo, useState } from 'react';
import { useStaticContent } from './api';
import { EditableSlot } from './editable';

/**
 * Whether the browser already holds this picture (the server preloads a page's banner with its HTML):
 * an image of a URL in the memory cache is complete as soon as its src is set.
 */
function isInImageCache(src: string): boolean {
  const probe = new Image();
  probe.src = src;
  return probe.complete && probe.naturalWidth > 0;
}

/**
 * A page image (spec §3 page_images, §4 Banner image): nothing is requested until the content has
 * answered, then the editable image or, when it is missing or fails, the bundled fallback. With
 * `placeholder`, that text shows until the picture has loaded, which then fades in over 300 ms. A
 * picture the browser already has (preloaded) shows at once: nothing to wait for, so no fade.
 */
export function ContentImage({
  tag,
  page,
  fallbackSrc,
  alt,
  className = '',
  editClassName,
  width,
  height,
  placeholder,
  placeholderClassName = 'absolute inset-0 flex items-start justify-center pt-6 text-sm text-white/90',
  priority = false,
  testId,
  label,
}: {
  tag: string;
  page: string;
  fallbackSrc: string;
  /** Used when the media item has no alt text of its own; '' for a decorative image. */
  alt: string;
  className?: string;
  editClassName?: string;
  width?: number;
  height?: number;
  placeholder?: string;
  placeholderClassName?: string;
  priority?: boolean;
  testId?: string;
  label?: string;
}) {
  const content = useStaticContent(page);
  const image = content.image(tag)?.image ?? null;
  const [failed, setFailed] = useState<string | null>(null);
  const pending = content.state === 'loading';
  const src = pending ? null : image?.file && image.file !== failed ? image.file : fallbackSrc;
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const cached = useMemo(() => src !== null && isInImageCache(src), [src]);
  const loaded = src !== null && (cached || loadedSrc === src);
  const fromLibrary = src !== null && src === image?.file;

  // A cached picture can finish before React attaches onLoad; the ref catches that case.
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth > 0) setLoadedSrc(img.getAttribute('src'));
  }, []);

  return (
    <>
      {placeholder && !loaded && <p className={placeholderClassName}>{placeholder}</p>}
      <EditableSlot
        kind="image"
        tag={tag}
        page={page}
        imageId={image?.id ?? null}
        label={label}
        className={editClassName}
      >
        {src !== null && (
          <img
            ref={ref}
            key={src}
            src={src}
            alt={fromLibrary && image?.alt_text ? image.alt_text : alt}
            width={fromLibrary ? (image?.width ?? width) : width}
            height={fromLibrary ? (image?.height ?? height) : height}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            onLoad={() => setLoadedSrc(src)}
            onError={() => {
              if (src !== fallbackSrc) {
                console.error(`Banner image failed to load: ${src}; using the default banner`);
                setFailed(src);
              } else {
                console.error(`Default banner failed to load: ${src}`);
              }
            }}
            data-testid={testId}
            data-content-tag={tag}
            data-loaded={loaded ? 'true' : 'false'}
            className={`${cached ? '' : 'transition-opacity duration-300'} ${loaded ? 'opacity-100' : 'opacity-0'} ${className}`}
          />
        )}
      </EditableSlot>
    </>
  );
}
