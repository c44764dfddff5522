/**
 * Demo pictures drawn at seed time (SVG rendered to WebP by sharp): each attraction its own landmark,
 * each operator its own bus colour, banner and logo. No text in the pictures: words belong in the
 * page, where they can be read and translated. Nothing is downloaded, so no licence to track.
 */
export { type Emblem, logoImage } from './logos';
export {
  ATTRACTIONS,
  type Attraction,
  MOTIFS,
  type Motif,
  operatorBanner,
  PAGE_BANNERS,
  SECOND_MOTIFS,
} from './motifs';
export { renderScene } from './scene';
