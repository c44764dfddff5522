/**
 * The app's toasts (spec §9; react-hot-toast). Every page and editor module that shows a toast imports
 * `toast` from here, never from react-hot-toast: importing this module is what tells the app's Toaster
 * (main.tsx) to load. The library (4.6 KB gzip) thus comes with the first page that can show a toast
 * (login, profile, checkout, the editor) and never with the home page's first load.
 */
// biome-ignore lint/style/noRestrictedImports: the one door to the toast library
import toast from 'react-hot-toast';
import { markToastsLoaded } from './toastHost';

markToastsLoaded();

export default toast;
