/** Video ids exist per language ua, en and pl (spec §2 "Video instructions"). */
export type VideoLanguage = 'ua' | 'en' | 'pl';

/**
 * Spec §2: "Georgian variant, English if the UI is English, else ua; Czech variant, always en; Polish
 * variant, pl; otherwise en if the UI is English, else ua."
 */
export function videoLanguage(country: string, uiLang: string): VideoLanguage {
  switch (country) {
    case 'cz':
      return 'en';
    case 'pl':
      return 'pl';
    default: // ge and ua share the rule
      return uiLang === 'en' ? 'en' : 'ua';
  }
}

export const VIDEO_DIALOG_MAX_WIDTH = 1200;
const WIDE_WINDOW = 1500;

/**
 * Spec §9: "80% of window width, 1200px when window wider than 1500px, height width times 8/16 plus 120"
 * (the 16:9-ish player plus the dialog's title bar).
 */
export function videoDialogSize(windowWidth: number): { width: number; height: number } {
  const width = windowWidth > WIDE_WINDOW ? VIDEO_DIALOG_MAX_WIDTH : windowWidth * 0.8;
  return { width, height: (width * 8) / 16 + 120 };
}
