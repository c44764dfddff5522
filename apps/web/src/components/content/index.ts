/** The content-block layer (spec §3 Static page content): data and rendering, no editor code. */

export type { ContentBlock, PageImage, PageMeta, StaticContent } from './api';
export {
  CONTENT_ERRORS,
  fetchStaticContent,
  staticContentKey,
  staticContentQuery,
  useStaticContent,
} from './api';
export { ContentBackground } from './ContentBackground';
export { ContentBanner } from './ContentBanner';
export { ContentHtml } from './ContentHtml';
export { ContentImage } from './ContentImage';
export { ContentText } from './ContentText';
export { EditableSlot, EditorPageTools } from './editable';
export type { EditableKind, EditableProps } from './editable-props';
export { CONTENT_HTML_CLASSES } from './html';
export { useStoredPageHead } from './page-head';
export { EditableSiteLogo } from './SiteLogo';
