/**
 * Customers' data rights (GDPR, decision 016): the rules and words of downloading what the shop holds
 * about an account and of deleting it. Shapes: privacy.schema.ts; calls: privacy.api.ts.
 */

export const PRIVACY_MESSAGES = {
  passwordRequired: /*i18n*/ 'Enter your password to delete your account.',
  deleted: /*i18n*/ 'Your account has been deleted.',
  /** Said on the home page after the deletion, beside `deleted` (components/PageNotice.tsx). */
  deletedDetail:
    /*i18n*/ 'We erased your personal data and signed you out on every device. Your past orders are kept without your name, as the law requires for accounting.',
} as const;

/** Deleted accounts keep a row for their orders, under an address of this reserved domain (RFC 2606). */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';
export const DELETED_ACCOUNT_NAME = 'Deleted account';
/** Activity events in one download at most (newest first); `activity_truncated` says when more exist. */
export const EXPORT_MAX_ACTIVITY_EVENTS = 20_000;
