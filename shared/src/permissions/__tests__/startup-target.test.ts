import { makeUser } from '../../testing';
import { HOME_ROUTE, oldDesignUrl, startupTarget, type StartupContext } from '../startup-target';
import { clientNetwork, users } from './fixtures';

const OLD = 'https://old.pricewatch.example';
const ctx = (over: Partial<StartupContext> = {}): StartupContext => ({
  country: 'ua',
  oldSiteUrl: null,
  pathname: '/login',
  token: 'tok/1',
  ...over,
});
const route = (path: string) => ({ kind: 'route', path });

describe('startupTarget (spec §2 Start-up navigation)', () => {
  it('not logged in → /login', () => {
    expect(startupTarget(null, ctx())).toEqual(route('/login'));
  });

  it('Ashan and not Metro → /report-analytics, before the admin redirect', () => {
    expect(startupTarget(users.ashan, ctx())).toEqual(route('/report-analytics'));
    expect(startupTarget(users.ashanByNetwork, ctx({ country: 'cz' }))).toEqual(route('/report-analytics'));
    const ashanAdmin = makeUser({ isAdmin: true, isAshan: true });
    expect(startupTarget(ashanAdmin, ctx({ oldSiteUrl: OLD }))).toEqual(route('/report-analytics'));
  });

  it('an admin not on leaflet goes to the old site with the token', () => {
    expect(startupTarget(users.admin, ctx({ oldSiteUrl: OLD }))).toEqual({
      kind: 'external',
      url: `${OLD}?token=tok%2F1`,
    });
  });

  it('an Ashan + Metro admin also goes to the old site', () => {
    const user = makeUser({ isAdmin: true, isAshan: true, isMetro: true });
    expect(startupTarget(user, ctx({ oldSiteUrl: OLD })).kind).toBe('external');
  });

  it('an admin on leaflet stays on leaflet', () => {
    expect(startupTarget(users.admin, ctx({ oldSiteUrl: OLD, pathname: '/leaflet' }))).toEqual(route('/leaflet'));
  });

  it('anyone opened on a leaflet deep link stays there', () => {
    expect(startupTarget(users.networkUser, ctx({ pathname: '/leaflet/42' }))).toEqual(route('/leaflet/42'));
  });

  it('an admin with no old site stays in the app: promo analysis, or report-analytics in cz', () => {
    expect(startupTarget(users.admin, ctx())).toEqual(route('/promo-analysis'));
    expect(startupTarget(users.admin, ctx({ country: 'cz' }))).toEqual(route('/report-analytics'));
  });

  it('a guest is not redirected to the old site', () => {
    expect(startupTarget(users.guest, ctx({ oldSiteUrl: OLD }))).toEqual(route('/promo-analysis'));
  });

  it('Ashan + Metro (not admin) → report-analytics', () => {
    const user = makeUser({ isAshan: true, isMetro: true, network: clientNetwork() });
    expect(startupTarget(user, ctx({ oldSiteUrl: OLD }))).toEqual(route('/report-analytics'));
  });

  it('everyone else → promo-analysis when they can see it', () => {
    expect(startupTarget(users.networkUserLeaflet, ctx())).toEqual(route('/promo-analysis'));
    expect(startupTarget(users.metro, ctx({ country: 'pl' }))).toEqual(route('/promo-analysis'));
    expect(startupTarget(users.productUser, ctx())).toEqual(route('/promo-analysis'));
  });

  it('promo analysis hidden → first visible menu route', () => {
    expect(startupTarget(users.networkUserLeaflet, ctx({ country: 'cz' }))).toEqual(route('/parsers'));
    expect(startupTarget(users.networkAdmin, ctx({ country: 'cz' }))).toEqual(route('/parsers'));
    expect(startupTarget(users.guest, ctx({ country: 'cz' }))).toEqual(route('/report-analytics'));
  });

  // Issue 18 item 5: nobody lands on an empty menu; the home page is everyone's.
  it('nothing visible → the home page', () => {
    expect(startupTarget(users.productUser, ctx({ country: 'cz' }))).toEqual(route(HOME_ROUTE));
    expect(startupTarget(users.adminHunterLimit, ctx())).toEqual(route('/home'));
  });
});

describe('startupTarget: a link opened while logged out (issue 18)', () => {
  it('comes back after login, before the Ashan and promo-analysis rules', () => {
    expect(startupTarget(users.ashan, ctx({ returnTo: '/product/2316' }))).toEqual(route('/product/2316'));
    expect(startupTarget(users.networkUserLeaflet, ctx({ returnTo: '/alarms?tab=fired' }))).toEqual(route('/alarms?tab=fired'));
    expect(startupTarget(users.admin, ctx({ returnTo: '/leaflet?id=3' }))).toEqual(route('/leaflet?id=3'));
  });

  it('an admin with an old design still goes there, unless the link is a leaflet', () => {
    expect(startupTarget(users.admin, ctx({ oldSiteUrl: OLD, returnTo: '/product/1' })).kind).toBe('external');
    expect(startupTarget(users.admin, ctx({ oldSiteUrl: OLD, returnTo: '/leaflet?id=3' }))).toEqual(route('/leaflet?id=3'));
  });

  it.each(['/login', '//evil.example/x', 'https://evil.example/', 'product/1', '/\\evil.example', ''])('ignores %j as a place to come back to', (returnTo) => {
    expect(startupTarget(users.ashan, ctx({ returnTo }))).toEqual(route('/report-analytics'));
  });

  it('the start page is never the shell-less leaflet screen, though leaflets are in the menu', () => {
    expect(startupTarget(users.productUser, ctx({ country: 'cz' }))).toEqual(route('/home'));
    expect(startupTarget(users.operatorAdmin, ctx({ country: 'cz' }))).toEqual(route('/home'));
  });
});

describe('oldDesignUrl', () => {
  it('appends the token as a query parameter', () => {
    expect(oldDesignUrl(OLD, 'abc')).toBe(`${OLD}?token=abc`);
    expect(oldDesignUrl(`${OLD}/app?x=1`, 'a b')).toBe(`${OLD}/app?x=1&token=a%20b`);
  });
});
