import { formatWait } from '../wait';

describe('formatWait: when a refused action may be retried, in the UI language', () => {
  it.each([
    [120, 'en', 'in 2 minutes'],
    [61, 'en', 'in 2 minutes'],
    [60, 'en', 'in 1 minute'],
    [45, 'en', 'in 45 seconds'],
    [900, 'ru', 'через 15 минут'],
    [60, 'ru', 'через 1 минуту'],
    [180, 'ua', 'через 3 хвилини'],
    [300, 'pl', 'za 5 minut'],
    [120, 'pl', 'za 2 minuty'],
  ])('%i s in %s → %s', (seconds, lang, text) => {
    expect(formatWait(seconds, lang)).toBe(text);
  });
});
