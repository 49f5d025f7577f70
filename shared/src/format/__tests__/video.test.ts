import { videoDialogSize, videoLanguage } from '../video';

describe('videoLanguage (spec §2 Video instructions)', () => {
  it.each([
    ['ua', 'en', 'en'],
    ['ua', 'ru', 'ua'],
    ['ua', 'ua', 'ua'],
    ['ua', 'pl', 'ua'],
    ['ge', 'en', 'en'],
    ['ge', 'ru', 'ua'],
    ['ge', 'ua', 'ua'],
    ['ge', 'pl', 'ua'],
    ['cz', 'en', 'en'],
    ['cz', 'ru', 'en'],
    ['cz', 'ua', 'en'],
    ['cz', 'pl', 'en'],
    ['pl', 'en', 'pl'],
    ['pl', 'ru', 'pl'],
    ['pl', 'ua', 'pl'],
    ['pl', 'pl', 'pl'],
  ])('country %s, UI %s → %s', (country, ui, expected) => {
    expect(videoLanguage(country, ui)).toBe(expected);
  });
});

describe('videoDialogSize (spec §9: 80% of the window, 1200 above 1500; height width*8/16+120)', () => {
  it.each([
    [1000, 800, 520],
    [1500, 1200, 720],
    [1501, 1200, 720],
    [2000, 1200, 720],
  ])('window %i → %i×%i', (windowWidth, width, height) => {
    expect(videoDialogSize(windowWidth)).toEqual({ width, height });
  });
});
