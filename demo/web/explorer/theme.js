// GraphiQL in the product's tokens: its colours are `H, S%, L%` triples (`--color-primary` and others,
// used as hsl(var(--color-primary))), which CSS cannot derive from a hex token, so they are computed here
// from the page's --esign-* custom properties (shell.css, or a deployment's own theme) and written into one
// style element, again whenever the colour scheme changes.

/** `H, S%, L%` for any CSS colour the browser understands, or null. */
export function hslTriple(color, probe = document.body) {
  const el = document.createElement('span');
  el.style.color = color;
  el.style.display = 'none';
  probe.append(el);
  const computed = getComputedStyle(el).color;
  el.remove();
  const numbers = computed.match(/[\d.]+/g)?.map(Number);
  if (!numbers || numbers.length < 3) return null;
  // rgb(0-255 …) or color(srgb 0-1 …)
  const [r, g, b] = computed.startsWith('color(') ? numbers.slice(0, 3) : numbers.slice(0, 3).map((n) => n / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  h = Math.round((h * 60 + 360) % 360);
  return `${h}, ${+(s * 100).toFixed(1)}%, ${+(l * 100).toFixed(1)}%`;
}

const SELECTOR =
  'body .graphiql-container, body .graphiql-dialog, body .graphiql-dialog-overlay, body .graphiql-tooltip, body [data-radix-popper-content-wrapper]';

/** The CSS that points GraphiQL's variables at the tokens' current values. */
export function themeCss(root = document.documentElement) {
  const style = getComputedStyle(root);
  const token = (name) => style.getPropertyValue(name).trim();
  const triple = (name) => hslTriple(token(name));
  const vars = {
    '--color-primary': triple('--esign-accent-color'),
    '--color-neutral': triple('--esign-text-color'),
    '--color-base': triple('--esign-panel-background'),
    '--color-error': triple('--esign-error-color'),
    '--font-family': token('--esign-font-family'),
    '--font-family-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    // GraphiQL's faintest text (half the neutral colour) is too pale for WCAG AA on its base; these hold 4.5:1.
    '--alpha-secondary': '0.85',
    '--alpha-tertiary': '0.72',
  };
  const body = Object.entries(vars)
    .filter(([, value]) => value)
    // !important: GraphiQL's own dark rules (`body.graphiql-dark .graphiql-container`) are more specific.
    .map(([name, value]) => `${name}: ${value} !important;`)
    .join(' ');
  return `${SELECTOR} { ${body} }`;
}

/** Keeps one <style> with themeCss() current; calls `onScheme(dark)` when the colour scheme changes. */
export function followTokens(onScheme) {
  const style = document.createElement('style');
  style.id = 'esign-graphiql-theme';
  document.head.append(style);
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    style.textContent = themeCss();
    onScheme?.(dark.matches);
  };
  dark.addEventListener('change', apply);
  apply();
  return dark.matches;
}
