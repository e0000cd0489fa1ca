import { DESKTOP_APP_DEVICE } from '#shared/auth';

/**
 * A short label for a User-Agent ("Firefox · Linux", "Desktop app ·
 * Windows"), shown in the list of signed-in sessions; empty when nothing is
 * recognised (the admin shows its own "unknown device"). Names only, in no
 * language but the desktop app's, which the admin translates.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bElectron\//, DESKTOP_APP_DEVICE],
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const ua = userAgent.slice(0, 512);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return [browser, system].filter(Boolean).join(' · ');
}
