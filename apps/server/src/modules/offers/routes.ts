import type { Offer } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';

/** The offers page's static list (spec §7: GET /bus.json). */
export const OFFERS: Offer[] = [
  {
    title: 'Big Bus Rome Classic',
    subtitle: 'Hop-on hop-off, 8 stops',
    image: '/offers/colosseum.svg',
    duration: '24 hours',
    ticket_count: 1,
    price: '22.00',
  },
  {
    title: 'I Love Rome Panoramic',
    subtitle: 'Open-top, audio guide in 16 languages',
    image: '/offers/fountain.svg',
    duration: '48 hours',
    ticket_count: 1,
    price: '27.00',
  },
  {
    title: 'Green Line Family Pass',
    subtitle: 'Two adults and two youths',
    image: '/offers/dome.svg',
    duration: '72 hours',
    ticket_count: 4,
    price: '79.00',
  },
  {
    title: 'City Sightseeing Night',
    subtitle: 'Rome by night, one run',
    image: '/offers/night.svg',
    duration: 'one run',
    ticket_count: 1,
    price: '18.00',
  },
  {
    title: 'Vatican & Bus Combo',
    subtitle: 'Museum entry with a 24 hours bus pass',
    image: '/offers/vatican.svg',
    duration: '24 hours',
    ticket_count: 1,
    price: '49.00',
  },
  {
    title: 'Three Museums Pass',
    subtitle: 'Three museums, skip the line',
    image: '/offers/museum.svg',
    duration: '3 pass',
    ticket_count: 1,
    price: '45.00',
  },
];

export const offerRoutes: FastifyPluginAsync = async (app) => {
  // From its contract entry: the answer is serialised with the contract's schema (an offer missing a
  // field is a 500 here, not a broken card in the browser) and the call is in the API reference.
  route(app, 'GET /bus.json', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return OFFERS;
  });
};
