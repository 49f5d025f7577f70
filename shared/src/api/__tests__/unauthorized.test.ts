import { notifyUnauthorized, setUnauthorizedHandler } from '../unauthorized';

describe('unauthorized handler', () => {
  it('the installed handler runs, and a failing one does not throw into the call', () => {
    const fn = jest.fn(() => {
      throw new Error('router gone');
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    setUnauthorizedHandler(fn);
    expect(() => notifyUnauthorized()).not.toThrow();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('the default does nothing on /login itself (no reload loop)', () => {
    setUnauthorizedHandler();
    window.history.pushState({}, '', '/login');
    // jsdom would report a navigation attempt as a "not implemented" error on the virtual console
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    notifyUnauthorized();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
