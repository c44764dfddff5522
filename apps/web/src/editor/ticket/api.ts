/** PATCH update-bus-package/{package_tag}/ (spec §7): the edited fields, or one image. */
import { ALT_SLOTS, type ApiAnswer, type ApiBody, type ImageSlot } from '@rome/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, call, errorMessage } from '../../api/client';
import { contentQuery } from '../../i18n/locale';

/** What the editor sends: only the changed fields (contract packageEditSchema). */
export type PackageEditBody = ApiBody<'PATCH /api/update-bus-package/:packageTag/'>;

export const TICKET_MESSAGES = {
  tagMissing: 'Package tag is missing',
  updated: 'Ticket updated successfully!',
  failed: (reason: string) => `Failed to update ticket: ${reason}`,
  network: 'Failed to update ticket. Please try again.',
  imageUpdated: 'Image updated successfully!',
  imageFailed: 'Failed to update image',
} as const;

/**
 * The ten images an editor can replace (spec §2). A carousel picture fills its small and its large
 * slot with the same media item.
 */
export const IMAGE_GROUPS: { key: string; label: string; slots: ImageSlot[] }[] = [
  { key: 'image_big', label: 'Main image', slots: ['image_big'] },
  { key: 'second_image', label: 'Second image', slots: ['second_image'] },
  { key: 'third_image', label: 'Third image', slots: ['third_image'] },
  { key: 'fourth_image', label: 'Fourth image', slots: ['fourth_image'] },
  { key: 'thumbnail_small', label: 'Thumbnail (small)', slots: ['thumbnail_small'] },
  { key: 'thumbnail_large', label: 'Thumbnail (large)', slots: ['thumbnail_large'] },
  { key: 'carousel_one', label: 'Carousel 1', slots: ['carousel_one_small', 'carousel_one_large'] },
  { key: 'carousel_two', label: 'Carousel 2', slots: ['carousel_two_small', 'carousel_two_large'] },
  { key: 'carousel_three', label: 'Carousel 3', slots: ['carousel_three_small', 'carousel_three_large'] },
  { key: 'carousel_four', label: 'Carousel 4', slots: ['carousel_four_small', 'carousel_four_large'] },
];

/** The body that puts one media item into a group's slots, with its alt text where a slot has one. */
export function imagePatch(slots: ImageSlot[], mediaId: number, altText: string): PackageEditBody {
  const body: PackageEditBody = {};
  for (const slot of slots) {
    body[slot] = mediaId;
    const altSlot = ALT_SLOTS.find((s) => s === slot);
    if (altText.trim() && altSlot) body[`${altSlot}_alt`] = altText.trim();
  }
  return body;
}

/**
 * Sends the edit and answers the package as the list now shows it (null when it left the list);
 * throws an Error whose message is the spec's toast text.
 */
export async function updatePackage(
  packageTag: string,
  body: PackageEditBody,
): Promise<ApiAnswer<'PATCH /api/update-bus-package/:packageTag/'>['data']> {
  if (!packageTag) throw new Error(TICKET_MESSAGES.tagMissing);
  try {
    return (
      await call('PATCH /api/update-bus-package/:packageTag/', {
        params: { packageTag },
        query: contentQuery,
        body,
      })
    ).data;
  } catch (err) {
    if (err instanceof ApiError) throw new Error(TICKET_MESSAGES.failed(errorMessage(err, 'Unknown error')));
    throw new Error(TICKET_MESSAGES.network);
  }
}

/** The ticket page and every list that shows the package read fresh data after an edit. */
export const refreshPackages = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['package'] }),
    client.invalidateQueries({ queryKey: ['packages'] }),
  ]);
