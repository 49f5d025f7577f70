import { expect, test } from '@playwright/test';
import { chooseLanguage } from './deployment-helpers';
import { openSignedIn } from './helpers';
import { openScreen } from './layout-helpers';

// Issue 18 item 3: date fields follow the UI language, not the browser's (the API keeps US dates).
test('in Russian the analytics period reads day.month.year, the calendar is Russian and the call still gets US dates', async ({ page }) => {
  await openSignedIn(page, 'admin', '/analytics');
  await openScreen(page, '/analytics');
  await chooseLanguage(page, 'ru');

  const start = page.getByLabel('С', { exact: true });
  await expect(start).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  await page.getByRole('button', { name: 'Открыть календарь' }).first().click();
  const calendar = page.getByRole('application', { name: 'Календарь' });
  await expect(calendar).toBeVisible();
  // Month in the header, weeks from Monday (narrow: П В С Ч П С В).
  await expect(calendar.getByRole('button', { name: 'Выбрать месяц' })).toHaveText(
    /(январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь) \d{4}/i,
  );
  await expect(calendar.locator('thead th').first()).toHaveText('П');

  // Typed in Russian order, sent in the spec's US order.
  await page.keyboard.press('Escape');
  const sent = page.waitForRequest((r) => r.url().includes('/prices/history/prices/analytics') && r.method() === 'POST');
  await start.fill('01.09.2026');
  await start.press('Enter');
  expect((await sent).postDataJSON()).toMatchObject({ start: '09/01/2026' });
  await expect(start).toHaveValue('01.09.2026');
});
