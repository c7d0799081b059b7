/**
 * How every test tool here launches Chromium: the system browser when there is one
 * (CHROME_PATH, or `chromium` on PATH), otherwise Playwright's own download.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

function systemChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return fromEnv;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const path = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (path && existsSync(path)) return path;
    } catch {
      // not installed under this name
    }
  }
  return undefined;
}

/** Launch options for playwright-core's `chromium.launch()`. */
export function chromiumLaunchOptions(): { executablePath?: string; args: string[]; headless: boolean } {
  return { executablePath: systemChromium(), args: CHROMIUM_ARGS, headless: true };
}
