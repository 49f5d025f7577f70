/** Points the page's icon at the deployment's favicon (each country may brand its own). */
export function setFavicon(href: string): void {
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
  if (href.endsWith('.svg')) link.type = 'image/svg+xml';
  else link.removeAttribute('type');
}
