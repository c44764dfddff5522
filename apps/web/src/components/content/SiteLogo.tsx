import { HOME_PAGE_TAG, SITE_LOGO_TAG } from '@rome/contract';
import type { ReactNode } from 'react';
import { useSettings } from '../../api/site';
import { EditableSlot } from './editable';

/**
 * The navigation bar's logo as a page image (spec §2 Navigation bar: 'The logo is editable'):
 * editors get an EDIT button that attaches a picture to the `site-logo` tag; visitors get the logo as is.
 * The picture reaches every page with the website settings (`site_logo`).
 */
export function EditableSiteLogo({ children }: { children: ReactNode }) {
  const logo = useSettings().site_logo;
  return (
    <EditableSlot
      kind="image"
      tag={SITE_LOGO_TAG}
      page={HOME_PAGE_TAG}
      imageId={logo?.id ?? null}
      label="navigation logo"
      className="relative pr-16"
    >
      {children}
    </EditableSlot>
  );
}
