/**
 * The one Node version check of the command-line entry points (scripts/esign-server.mjs, scripts/run-ts.mjs).
 * Plain JavaScript that loads on any Node: it runs before anything needs type stripping, so an old Node
 * gets one line saying what to do instead of a stack trace from deep inside the loader.
 */

export const MINIMUM_NODE = '22.13.0';

/** Why `version` (e.g. `process.versions.node`) cannot run the server, in one line; '' when it can. */
export function nodeVersionProblem(version = process.versions.node) {
  const [major = 0, minor = 0] = String(version)
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
  const [needMajor, needMinor] = MINIMUM_NODE.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return '';
  return `esign-elements needs Node.js >= 22.13 (this is Node ${version}): install Node 22.13+ or 24 LTS from https://nodejs.org or with a version manager (e.g. \`nvm install 24\`, \`fnm use 24\`), then run the command again.`;
}

/** Prints the problem and exits (status 1) when this Node is too old; returns otherwise. */
export function requireSupportedNode(version = process.versions.node) {
  const problem = nodeVersionProblem(version);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
