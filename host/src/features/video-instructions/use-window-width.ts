import { useEffect, useState } from 'react';

/** window.innerWidth, followed on resize while `active` (the dialog is open). */
export function useWindowWidth(active: boolean): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    if (!active) return;
    const update = () => setWidth(window.innerWidth);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [active]);
  return width;
}
