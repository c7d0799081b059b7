/** Paths that are tests or test support, which neither package may ship (package-files and packages tests). */
export const TEST_ONLY = [
  /\.test\.ts$/,
  /(^|\/)test\//,
  /test-support\.ts$/,
  /-test-helpers\.ts$/,
  /fake-server\.ts$/,
  /harness\.ts$/,
  /rest-test-server\.ts$/,
  /\/webhooks\/test-[^/]+\.ts$/,
  /\/golden\//,
];
