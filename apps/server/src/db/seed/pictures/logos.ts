/**
 * The partners' demo logos: a badge in the operator's colour with an emblem of its own (a bus, a
 * heart, a leaf, a compass, a temple), so the logo strip shows five different marks rather than one
 * placeholder in five colours. No letters: the strip's alt text and link carry the name.
 */
import { cachedWebp } from './cache';

export type Emblem = 'bus' | 'heart' | 'leaf' | 'compass' | 'temple';

const EMBLEMS: Record<Emblem, string> = {
  bus: '<rect x="86" y="14" width="68" height="46" rx="8" fill="#fff"/><rect x="92" y="21" width="56" height="12" rx="2" fill="COLOUR"/><rect x="92" y="38" width="14" height="10" rx="2" fill="COLOUR"/><rect x="110" y="38" width="14" height="10" rx="2" fill="COLOUR"/><rect x="128" y="38" width="20" height="10" rx="2" fill="COLOUR"/><circle cx="100" cy="62" r="7" fill="#fff" stroke="COLOUR" stroke-width="3"/><circle cx="140" cy="62" r="7" fill="#fff" stroke="COLOUR" stroke-width="3"/>',
  heart:
    '<path d="M120 66C96 50 84 40 84 28a14 14 0 0 1 36-6 14 14 0 0 1 36 6c0 12-12 22-36 38Z" fill="#fff"/>',
  leaf: '<path d="M90 62C90 30 112 14 152 14c0 38-20 52-52 52Z" fill="#fff"/><path d="M94 62 140 24" stroke="COLOUR" stroke-width="4" stroke-linecap="round"/>',
  compass:
    '<circle cx="120" cy="40" r="27" fill="none" stroke="#fff" stroke-width="5"/><polygon points="120,10 127,40 120,70 113,40" fill="#fff"/><polygon points="90,40 120,34 150,40 120,46" fill="#fff" opacity="0.7"/>',
  temple:
    '<polygon points="88,28 120,10 152,28" fill="#fff"/><rect x="88" y="30" width="64" height="5" fill="#fff"/><rect x="92" y="38" width="8" height="22" fill="#fff"/><rect x="108" y="38" width="8" height="22" fill="#fff"/><rect x="124" y="38" width="8" height="22" fill="#fff"/><rect x="140" y="38" width="8" height="22" fill="#fff"/><rect x="86" y="62" width="68" height="6" fill="#fff"/>',
};

export function logoSvg(colour: string, emblem: Emblem): string {
  const mark = EMBLEMS[emblem].replaceAll('COLOUR', colour);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80"><rect width="240" height="80" rx="16" fill="${colour}"/><path d="M24 40h44M172 40h44" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.5"/>${mark}</svg>`;
}

export function logoImage(colour: string, emblem: Emblem): Promise<Buffer> {
  return cachedWebp(logoSvg(colour, emblem), 85);
}
