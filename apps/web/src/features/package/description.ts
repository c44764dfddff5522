/**
 * The ticket description's typography on the ticket page; the ticket editor's preview draws the
 * description with the same classes, so the preview shows it as the page will.
 */
export const TICKET_DESCRIPTION_CLASSES =
  'leading-relaxed text-stone-800 [&_a]:text-brand [&_a]:underline [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mb-1 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-5';
