require('@testing-library/jest-dom');
// Files marked @jest-environment node run this setup too: only touch the DOM when there is one.
if (typeof window !== 'undefined') {
  // findBy*/waitFor bound how long a screen may take to appear. The default second is too short when
  // npm test runs two suites on two cores beside lazy remotes and Chakra: a bound, not a timing claim.
  require('@testing-library/react').configure({ asyncUtilTimeout: 8000 });
  // Chakra menus and media queries need these; jsdom has neither.
  if (!global.ResizeObserver) {
    global.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent() {
        return false;
      },
    });
  }
  if (!window.scrollTo) window.scrollTo = () => {};
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
  // jsdom lays nothing out: a refused form scrolls its field into view (remote-exports' export form) in a browser only.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
}
