/**
 * The pages' descriptions for search engines and link previews (the page table's heads, pages.ts).
 * Apart from the table because only the server sends them (the HTML's <head>): their translations live
 * in the server's catalogue, not in the storefront's, which every visitor downloads (lingui.config.ts).
 */
export const PAGE_DESCRIPTIONS = {
  default:
    /*i18n*/ 'Hop-on hop-off bus tours and museum tickets in Rome from several operators. Compare, book online and get your QR ticket at once.',
  aboutus:
    /*i18n*/ 'Who we are: a Rome ticket shop selling sightseeing bus tours and museum entries from trusted operators.',
  terms: /*i18n*/ 'The terms and conditions for buying sightseeing tickets from our shop.',
  returnpolicy: /*i18n*/ 'How returns of unused sightseeing tickets work.',
  refund: /*i18n*/ 'When and how we refund sightseeing ticket purchases.',
  agentpoints: /*i18n*/ 'Where to find our ticket agents in Rome to redeem your QR ticket.',
  offer: /*i18n*/ 'Exciting deals on Rome bus tours and museum tickets.',
  yourticket: /*i18n*/ 'Your tickets and QR codes.',
  success: /*i18n*/ 'Your ticket is ready.',
  successUniqueId: /*i18n*/ 'Your ticket is ready.',
  cancel: /*i18n*/ 'Your payment was cancelled.',
  verifyCode: /*i18n*/ 'Ticket verification for agents.',
  search: /*i18n*/ 'Find Rome bus tours and museum tickets by ticket type.',
  profile: /*i18n*/ 'Manage your account settings and view your travel history.',
  analytics: /*i18n*/ 'Real-time insights and user activities',
  login: /*i18n*/ 'Sign in to your account.',
  registation: /*i18n*/ 'Create an account to book tickets and keep your QR codes.',
  forgotPassword: /*i18n*/ 'Request a password reset code.',
  resetPassword: /*i18n*/ 'Enter your code and a new password.',
  resetSuccess: /*i18n*/ 'Your password has been reset.',
  undoEmailChange: /*i18n*/ 'Put the previous email address of your account back.',
  tToken: /*i18n*/ 'Your ticket and its QR code.',
  findTickets:
    /*i18n*/ 'Lost your ticket e-mail? Get the links to your tickets sent to your e-mail address again.',
  paySession: /*i18n*/ 'Test checkout.',
  giftCards: /*i18n*/ 'Gift cards for Rome sightseeing tickets, sent by e-mail.',
  viewSimilar: /*i18n*/ 'Compare {hours} sightseeing tickets in Rome.',
  widget: /*i18n*/ 'Book Rome sightseeing tickets.',
  operator: /*i18n*/ "Your operator's products, times, bookings and agents.",
} as const;

export type PageDescriptionKey = keyof typeof PAGE_DESCRIPTIONS;
