/**
 * The one Node version check of every entry point: the server's commands (demo/bin/esign-server.mjs,
 * demo/bin/run-ts.mjs) need 22.13, the repository's (npm test, npm run build, npm start, npm run demo,
 * through scripts/check-node.mjs) 22.18. Plain JavaScript that loads on any Node: it runs before
 * anything needs type stripping, so an old Node gets one line saying what to do instead of a stack
 * trace from deep inside the loader.
 */

/** What the esign-server command needs (it strips types itself through demo/bin/ts-hooks.mjs). */
export const MINIMUM_NODE = '22.13.0';
/** What building and testing the repository needs: Node running `.ts` files directly. */
export const MINIMUM_NODE_REPOSITORY = '22.18.0';

/** Why `version` (e.g. `process.versions.node`) is too old for `minimum`, in one line; '' when it is not. */
export function nodeVersionProblem(version = process.versions.node, minimum = MINIMUM_NODE, what = 'esign-server') {
  const [major = 0, minor = 0] = String(version)
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
  const [needMajor, needMinor] = minimum.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return '';
  const need = `${needMajor}.${needMinor}`;
  return `${what} needs Node.js >= ${need} (this is Node ${version}): install Node 24 LTS (or ${need}+) from https://nodejs.org or with a version manager (e.g. \`nvm install 24\`, \`fnm use 24\`), then run the command again.`;
}

/** Prints the problem and exits (status 1) when this Node is too old; returns otherwise. */
export function requireSupportedNode(version = process.versions.node, minimum = MINIMUM_NODE, what = 'esign-server') {
  const problem = nodeVersionProblem(version, minimum, what);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
