import { useLingui } from '@lingui/react/macro';
import { TICKET_PAGE_CLASSES, TICKET_PICTURE_SIZE } from '@rome/contract';
import { useState } from 'react';

/**
 * The package pictures (image_big, second, third, fourth): one large picture and, when there are
 * several, thumbnail buttons to switch it. The large picture is above the fold, so it loads eagerly
 * with a fixed aspect ratio (no layout shift).
 */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const number = index + 1;
  const current = images[Math.min(index, images.length - 1)];
  if (!current) {
    return <div className="aspect-[16/10] w-full rounded-2xl bg-stone-200" aria-hidden="true" />;
  }
  return (
    <div>
      {/* The HTML's first paint draws this box and picture too (contract ticket-picture.ts). */}
      <div className={TICKET_PAGE_CLASSES.pictureBox}>
        <img
          src={current}
          alt={count > 1 ? t`${title}: picture ${number} of ${count}` : title}
          width={TICKET_PICTURE_SIZE.width}
          height={TICKET_PICTURE_SIZE.height}
          fetchPriority="high"
          decoding="async"
          className={TICKET_PAGE_CLASSES.picture}
        />
      </div>
      {images.length > 1 && (
        <ul className={TICKET_PAGE_CLASSES.thumbs} aria-label={t`Pictures`}>
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t`Show picture ${i + 1} of ${count}`}
                aria-pressed={i === index}
                className={`block w-full overflow-hidden rounded-lg ring-2 transition ${
                  i === index ? 'ring-brand' : 'ring-transparent opacity-80 hover:opacity-100'
                }`}
              >
                <img
                  src={src}
                  alt=""
                  width={240}
                  height={150}
                  loading="lazy"
                  decoding="async"
                  className={TICKET_PAGE_CLASSES.thumb}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
