/**
 * axe on every route of the spec, as a visitor and as a customer (e2e/a11y-routes.ts). The editor
 * and the superuser: a11y-staff.spec.ts. The editor dialogs are checked open in keyboard.spec.ts.
 */
import { axeEveryRoute } from './a11y-routes';

axeEveryRoute('visitor');
axeEveryRoute('customer');
