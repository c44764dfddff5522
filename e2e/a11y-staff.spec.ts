/**
 * axe on every route of the spec as an editor (edit outlines and buttons on the page) and as a
 * superuser (e2e/a11y-routes.ts). Apart from a11y.spec.ts so the two browser-test shards share the walk.
 */
import { axeEveryRoute } from './a11y-routes';

axeEveryRoute('editor');
axeEveryRoute('superuser');
