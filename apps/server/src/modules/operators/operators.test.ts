/**
 * Operators as users (decision 066): invitations that prove the mailbox, the manager's second factor,
 * each role's reach, and that nothing of another operator is read or changed through an operator's
 * console. The authorization matrix (security/authz-matrix.test.ts) checks every route for every role;
 * this file checks what the calls do.
 */
import { addDays, ERROR_CODES, orderReference, romeToday } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLog, folders, mailOutbox, operatorStaff, packages, slots, users } from '../../db/schema';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { addSlot, makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { enrollFactor, makeUser, signInFully } from '../auth/testing';

let t: Awaited<ReturnType<typeof createTestApp>>;
let superuser: TestUser;
let editor: TestUser;
let bigBus: number;
let iLoveRome: number;

const folderOf = async (slug: string) =>
  (await t.db.select({ id: folders.id }).from(folders).where(eq(folders.companySlug, slug)))[0].id;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  user: { auth: object } | string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers:
      typeof user === 'string' ? { authorization: `Bearer ${user}` } : (user.auth as Record<string, string>),
    ...(payload ? { payload } : {}),
  });

/** Invites `email` as a superuser and answers the token read from the e-mail the invitation sent. */
async function invite(email: string, folderId: number, role: string): Promise<string> {
  const res = await call('POST', '/api/admin/operator-staff/', superuser, {
    folder_id: folderId,
    email,
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
  const token = /invitation=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, 'the link in the invitation e-mail').toBeTruthy();
  return token!;
}

/** A person of `folderId` with `role`, signed in (a manager with its factor). */
const person = (folderId: number, role: 'manager' | 'sales' | 'door') =>
  createUser(t.app, t.db, { operator: { folderId, role } });

beforeAll(async () => {
  t = await createTestApp();
  [superuser, editor] = await Promise.all([
    createUser(t.app, t.db, { isSuperuser: true }),
    createUser(t.app, t.db, { isEditor: true }),
  ]);
  bigBus = await folderOf('big-bus');
  iLoveRome = await folderOf('i-love-rome');
});
afterAll(() => t?.close());

describe('invitations', () => {
  it('make a member only of the account of the invited address, through the link, once', async () => {
    const invited = await makeUser(t.db, { email: `Mara.${Date.now()}@BigBus.example` });
    const token = await invite(invited.email.toUpperCase(), bigBus, 'sales');
    const listed = (await call('GET', '/api/admin/operator-staff/', superuser)).json().staff;
    const row = listed.find((s: { email: string }) => s.email === invited.email);
    expect(row).toMatchObject({ folder_id: bigBus, role: 'sales', accepted_at: null });
    // Only the token's hash is stored; the edit log has no address.
    const [stored] = await t.db.select().from(operatorStaff).where(eq(operatorStaff.id, row.id));
    expect(stored.tokenHash).not.toContain(token);
    const [logged] = await t.db.select().from(editLog).where(eq(editLog.entityKey, row.id));
    expect(JSON.stringify(logged)).not.toContain(invited.email);

    // Someone else's account (an address not invited) cannot take it, even with the link.
    const other = await createUser(t.app, t.db);
    const stolen = await call('POST', '/api/operator/invitations/accept/', other, { token });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().code).toBe('invitation_other_address');
    expect((await call('GET', '/api/operator/', other)).json().operators).toEqual([]);
    expect(
      (await call('POST', '/api/operator/invitations/accept/', other, { token: 'made-up' })).statusCode,
    ).toBe(400);

    const own = (await signInFully(t.app, invited.email, invited.password)).json().access as string;
    // Before taking it, the console is closed to the invited person.
    expect((await call('GET', `/api/operator/${bigBus}/packages/`, own)).statusCode).toBe(403);
    const taken = await call('POST', '/api/operator/invitations/accept/', own, { token });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().operator).toMatchObject({
      folder_id: bigBus,
      role: 'sales',
      company_slug: 'big-bus',
    });
    expect((await call('GET', '/api/operator/', own)).json()).toMatchObject({
      operators: [{ folder_id: bigBus, role: 'sales' }],
      superuser: false,
    });
    expect((await call('GET', `/api/operator/${bigBus}/packages/`, own)).statusCode).toBe(200);
    // The link works once.
    expect((await call('POST', '/api/operator/invitations/accept/', own, { token })).statusCode).toBe(400);
  });

  it('refuses bad input and a second invitation of one address, storing nothing', async () => {
    const before = (await t.db.select().from(operatorStaff)).length;
    for (const body of [
      { folder_id: bigBus, email: 'not-an-address', role: 'sales' },
      { folder_id: bigBus, email: 'x@example.com', role: 'owner' },
      { folder_id: 999_999, email: 'x@example.com', role: 'sales' },
      { email: 'x@example.com', role: 'sales' },
    ]) {
      const res = await call('POST', '/api/admin/operator-staff/', superuser, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.db.select().from(operatorStaff)).length).toBe(before);
    const email = `twice-${Date.now()}@example.com`;
    await invite(email, bigBus, 'door');
    const again = await call('POST', '/api/admin/operator-staff/', superuser, {
      folder_id: bigBus,
      email,
      role: 'manager',
    });
    expect(again.statusCode).toBe(409);
    // Another operator may invite the same person.
    expect(
      (
        await call('POST', '/api/admin/operator-staff/', superuser, {
          folder_id: iLoveRome,
          email,
          role: 'door',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('a manager must set up a second factor before the console opens; removal closes it at once', async () => {
    const invited = await makeUser(t.db);
    const token = await invite(invited.email, iLoveRome, 'manager');
    const before = (await signInFully(t.app, invited.email, invited.password)).json().access as string;
    expect((await call('POST', '/api/operator/invitations/accept/', before, { token })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, invited.id));
    expect(row.isOperatorManager).toBe(true);
    const closed = await call('GET', `/api/operator/${iLoveRome}/bookings/`, before);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe(ERROR_CODES.secondFactorSetupRequired);
    // The sign-in now says the factor is needed, as for a superuser.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/api/token/',
      payload: { username: invited.email, password: invited.password },
    });
    expect(signIn.json().second_factor_setup).toBe(true);
    await enrollFactor(t.app, invited.id);
    expect((await call('GET', `/api/operator/${iLoveRome}/bookings/`, before)).statusCode).toBe(200);

    const staff = (await call('GET', '/api/admin/operator-staff/', superuser)).json().staff;
    const mine = staff.find((s: { email: string }) => s.email === invited.email);
    expect(mine.second_factor).toBe(true);
    expect((await call('DELETE', `/api/admin/operator-staff/${mine.id}/`, superuser)).statusCode).toBe(200);
    expect((await call('GET', `/api/operator/${iLoveRome}/bookings/`, before)).statusCode).toBe(403);
    const [after] = await t.db.select().from(users).where(eq(users.id, invited.id));
    expect(after.isOperatorManager).toBe(false);
  });
});

describe("an operator's console", () => {
  it('roles reach what they may: sales reads bookings but changes no price; the door reads redemptions', async () => {
    const [sales, door] = await Promise.all([person(bigBus, 'sales'), person(bigBus, 'door')]);
    expect((await call('GET', `/api/operator/${bigBus}/bookings/`, sales)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/operator/${bigBus}/packages/BB-24/`, sales, { adult_price: '1.00' }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/operator/${bigBus}/redemptions/`, sales)).statusCode).toBe(403);
    expect((await call('GET', `/api/operator/${bigBus}/redemptions/`, door)).statusCode).toBe(200);
    expect((await call('GET', `/api/operator/${bigBus}/bookings/`, door)).statusCode).toBe(403);
    const [pkg] = await t.db.select().from(packages).where(eq(packages.packageTag, 'BB-24'));
    expect(pkg.adultPriceCents).not.toBe(100);
  });

  it("a manager changes its own product's price and times, and nothing of another operator", async () => {
    const manager = await person(bigBus, 'manager');
    const products = (await call('GET', `/api/operator/${bigBus}/packages/`, manager)).json().products;
    expect(products.map((p: { package_tag: string }) => p.package_tag)).toContain('BB-24');
    expect(products.some((p: { package_tag: string }) => p.package_tag.startsWith('ILR-'))).toBe(false);

    const changed = await call('PATCH', `/api/operator/${bigBus}/packages/BB-24/`, manager, {
      adult_price: '31.50',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().product.adult_price).toBe('31.50');
    const list = (await t.app.inject({ url: '/api/packages/' })).json();
    expect(list.bus_data.find((p: { package_tag: string }) => p.package_tag === 'BB-24').adult_price).toBe(
      '31.50',
    );

    // Another operator's product through its own console: unknown, unchanged; through the other's: refused.
    const [ilr] = await t.db.select().from(packages).where(eq(packages.packageTag, 'ILR-24'));
    const sideways = await call('PATCH', `/api/operator/${bigBus}/packages/ILR-24/`, manager, {
      adult_price: '1.00',
    });
    expect(sideways.statusCode).toBe(404);
    const straight = await call('PATCH', `/api/operator/${iLoveRome}/packages/ILR-24/`, manager, {
      adult_price: '1.00',
    });
    expect(straight.statusCode).toBe(403);
    const [still] = await t.db.select().from(packages).where(eq(packages.packageTag, 'ILR-24'));
    expect(still.adultPriceCents).toBe(ilr.adultPriceCents);
    // The description is sanitised as an editor's is.
    const described = await call('PATCH', `/api/operator/${bigBus}/packages/BB-24/`, manager, {
      description: '<p>Our <b>red</b> buses</p><script>alert(1)</script>',
    });
    expect(described.statusCode, described.body).toBe(200);
    const [bb24] = await t.db.select().from(packages).where(eq(packages.packageTag, 'BB-24'));
    expect(bb24.description).toContain('<b>red</b>');
    expect(bb24.description).not.toContain('script');
    // Bad prices change nothing.
    expect(
      (await call('PATCH', `/api/operator/${bigBus}/packages/BB-24/`, manager, { adult_price: '-3' }))
        .statusCode,
    ).toBe(400);

    // Times: its own closed; another operator's time through its own console is unknown and stays open.
    expect(await makeTimed(t.app, editor, 'BB-HALF')).toBe(200);
    expect(await makeTimed(t.app, editor, 'ILR-HALF')).toBe(200);
    const day = addDays(romeToday(), 6);
    const own = await addSlot(t, editor, 'BB-HALF', { date: day, time: '10:00', capacity: 20 });
    const theirs = await addSlot(t, editor, 'ILR-HALF', { date: day, time: '10:00', capacity: 20 });
    const times = await call(
      'GET',
      `/api/operator/${bigBus}/slots/?package=BB-HALF&from=${day}&to=${day}`,
      manager,
    );
    expect(times.json().slots.map((s: { id: string }) => s.id)).toEqual([own]);
    expect((await call('GET', `/api/operator/${bigBus}/slots/?package=ILR-HALF`, manager)).statusCode).toBe(
      404,
    );
    const close = await call('PATCH', `/api/operator/${bigBus}/slots/${own}/`, manager, { closed: true });
    expect(close.statusCode, close.body).toBe(200);
    expect(
      (await call('PATCH', `/api/operator/${bigBus}/slots/${theirs}/`, manager, { closed: true })).statusCode,
    ).toBe(404);
    const [open] = await t.db.select().from(slots).where(eq(slots.id, theirs));
    expect(open.closed).toBe(false);
  });

  it('lists its own bookings and agents only, and makes agents of its own', async () => {
    const buyer = await createUser(t.app, t.db);
    const ours = await buyTicket(t.app, t.db, buyer, { package_identifier: 'BB-24' });
    const theirs = await buyTicket(t.app, t.db, buyer, { package_identifier: 'ILR-24' });
    const manager = await person(bigBus, 'manager');
    const bookings = (await call('GET', `/api/operator/${bigBus}/bookings/`, manager)).json().bookings;
    expect(bookings.map((b: { reference: string }) => b.reference)).toContain(orderReference(ours.uniqueId));
    expect(bookings.every((b: { package_tag: string }) => !b.package_tag.startsWith('ILR-'))).toBe(true);
    expect(JSON.stringify(bookings)).not.toContain(theirs.uniqueId);
    expect(
      (await call('GET', `/api/operator/${bigBus}/bookings/?from=2026-05-01&to=2026-04-01`, manager))
        .statusCode,
    ).toBe(400);

    const made = await call('POST', `/api/operator/${bigBus}/agents/`, manager, {
      name: `Big Bus Door ${Date.now()}`,
      code: '4826',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().agent.folder_id).toBe(bigBus);
    const other = await person(iLoveRome, 'manager');
    const theirAgent = await call('POST', `/api/operator/${iLoveRome}/agents/`, other, {
      name: `ILR Door ${Date.now()}`,
      code: '9137',
    });
    const agents = (await call('GET', `/api/operator/${bigBus}/agents/`, manager)).json().agents;
    expect(agents.map((a: { id: string }) => a.id)).toContain(made.json().agent.id);
    expect(agents.every((a: { folder_id: number }) => a.folder_id === bigBus)).toBe(true);
    const sideways = await call(
      'PATCH',
      `/api/operator/${bigBus}/agents/${theirAgent.json().agent.id}/`,
      manager,
      { active: false },
    );
    expect(sideways.statusCode).toBe(404);
    const off = await call('PATCH', `/api/operator/${bigBus}/agents/${made.json().agent.id}/`, manager, {
      active: false,
    });
    expect(off.json().agent.active).toBe(false);
  });

  it("a manager draws its own operator's statement, and no one else's", async () => {
    const buyer = await createUser(t.app, t.db);
    await buyTicket(t.app, t.db, buyer, { package_identifier: 'BB-24' });
    await buyTicket(t.app, t.db, buyer, { package_identifier: 'ILR-24' });
    const [manager, sales, other] = await Promise.all([
      person(bigBus, 'manager'),
      person(bigBus, 'sales'),
      person(iLoveRome, 'manager'),
    ]);
    const today = romeToday();
    const period = `from=${addDays(today, -1)}&to=${today}`;
    const own = await call(
      'GET',
      `/api/operator/${bigBus}/statement/?${period}&folder=${iLoveRome}`,
      manager,
    );
    expect(own.statusCode, own.body).toBe(200);
    const lines = own.json().lines as { operator_id: number }[];
    expect(lines.length).toBeGreaterThan(0);
    // The path's operator, whatever the query names.
    expect(lines.every((l) => l.operator_id === bigBus)).toBe(true);
    const csv = await call('GET', `/api/operator/${bigBus}/statement/csv/?${period}`, manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).not.toContain('I Love Rome');
    expect((await call('GET', `/api/operator/${bigBus}/statement/?${period}`, sales)).statusCode).toBe(403);
    expect((await call('GET', `/api/operator/${bigBus}/statement/?${period}`, other)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/operator/${bigBus}/statement/?from=${today}&to=2020-01-01`, manager))
        .statusCode,
    ).toBe(400);
  });

  it('a superuser sees every operator as its manager', async () => {
    const mine = (await call('GET', '/api/operator/', superuser)).json();
    expect(mine.superuser).toBe(true);
    expect(mine.operators.map((o: { folder_id: number }) => o.folder_id)).toEqual(
      expect.arrayContaining([bigBus, iLoveRome]),
    );
    expect((await call('GET', `/api/operator/${iLoveRome}/agents/`, superuser)).statusCode).toBe(200);
  });
});
