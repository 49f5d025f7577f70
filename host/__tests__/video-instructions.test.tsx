import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VideoInstructions } from '../src/features/video-instructions/components/video-instructions';
import { VIDEOS } from '../src/features/video-instructions/videos';
import { renderWithShell } from './helpers/render-host';
import { adminUser } from './helpers/users';

const setWindowWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
};

describe('video instructions', () => {
  // The dialog probes the player's address first; here it answers (the machine has no internet).
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    globalThis.fetch = jest.fn().mockResolvedValue(new Response(null)) as typeof fetch;
  });
  afterEach(() => {
    setWindowWidth(1024);
    globalThis.fetch = realFetch;
  });

  it('has 12 videos with a title key and ua, en and pl ids', () => {
    expect(VIDEOS).toHaveLength(12);
    for (const video of VIDEOS) {
      expect(video.titleKey).toMatch(/^videos\.v\d+$/);
      for (const lang of ['ua', 'en', 'pl'] as const) expect(video.youtube[lang]).toMatch(/^[\w-]{11}$/);
    }
  });

  it('expands and collapses the list', async () => {
    const user = userEvent.setup();
    renderWithShell(<VideoInstructions />, { user: adminUser() });
    const toggle = screen.getByRole('button', { name: 'Video instructions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('video-list')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByTestId('video-list')).getAllByRole('button')).toHaveLength(12);
    await user.click(toggle);
    expect(screen.queryByTestId('video-list')).not.toBeInTheDocument();
  });

  it('opens the video in a dialog sized from the window, in the video language (cz → en)', async () => {
    setWindowWidth(1000);
    const user = userEvent.setup();
    renderWithShell(<VideoInstructions />, { user: adminUser(), language: 'ru', deployment: { country: 'cz' } });
    // Only English resources are loaded here, so a Russian UI shows the keys.
    await user.click(screen.getByRole('button', { name: 'menu.videoInstructions' }));
    await user.click(screen.getByRole('button', { name: 'videos.v2' }));
    const dialog = await screen.findByTestId('video-dialog');
    // 80% of 1000 = 800 wide; 800 × 8/16 + 120 = 520 high.
    expect(dialog).toHaveStyle({ width: '800px', height: '520px' });
    const frame = within(dialog).getByTitle('videos.v2');
    expect(frame).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEOS[1]!.youtube.en}`);
    expect(frame).toHaveAttribute('loading', 'lazy');
  });

  it('uses 1200px on windows wider than 1500px and the ua video for a Russian UI in ua', async () => {
    setWindowWidth(1600);
    const user = userEvent.setup();
    renderWithShell(<VideoInstructions />, { user: adminUser(), deployment: { country: 'ua', languages: ['en', 'ru', 'ua'] } });
    await user.click(screen.getByRole('button', { name: 'Video instructions' }));
    await user.click(screen.getByRole('button', { name: 'Price alarms' }));
    const dialog = await screen.findByTestId('video-dialog');
    expect(dialog).toHaveStyle({ width: '1200px', height: '720px' });
    // English UI in the ua variant → the en video.
    expect(within(dialog).getByTitle('Price alarms')).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEOS[7]!.youtube.en}`);
  });

  it('says so when the player cannot load (offline), and tries again on Retry', async () => {
    const probe = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(new Response(null));
    globalThis.fetch = probe as typeof fetch;
    const user = userEvent.setup();
    renderWithShell(<VideoInstructions />, { user: adminUser() });
    await user.click(screen.getByRole('button', { name: 'Video instructions' }));
    await user.click(screen.getByRole('button', { name: 'Price alarms' }));
    const dialog = await screen.findByTestId('video-dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The video player could not load');
    expect(within(dialog).queryByTitle('Price alarms')).not.toBeInTheDocument();
    expect(probe.mock.calls[0][0]).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByTitle('Price alarms')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('highlights the selected video while its dialog is open', async () => {
    const user = userEvent.setup();
    renderWithShell(<VideoInstructions />, { user: adminUser() });
    await user.click(screen.getByRole('button', { name: 'Video instructions' }));
    const item = screen.getByRole('button', { name: 'Leaflets' });
    expect(item).not.toHaveAttribute('aria-current');
    await user.click(item);
    await screen.findByTestId('video-dialog');
    expect(screen.getByRole('button', { name: 'Leaflets', hidden: true })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Leaflets' })).not.toHaveAttribute('aria-current');
  });
});
