// @custom-elements-manifest/analyzer settings, used by `npm run analyze` and scripts/build.ts.
// The manifest is generated from the elements' JSDoc (@summary, @event, @csspart, @cssprop, @slot).

/**
 * Elements register through `defineElement('esign-x', EsignX)` (src/internal/esign-element.ts), which the
 * analyzer does not know as `customElements.define`: read those calls so each class gets its tag name.
 */
function defineElementCalls() {
  const found = new Map(); // module path -> [{ tagName, className }]
  return {
    name: 'esign-define-element',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'defineElement') return;
      const [tag, ctor] = node.arguments;
      if (!tag || !ctor || !ts.isStringLiteralLike(tag) || !ts.isIdentifier(ctor)) return;
      const list = found.get(moduleDoc.path) ?? [];
      list.push({ tagName: tag.text, className: ctor.text });
      found.set(moduleDoc.path, list);
    },
    moduleLinkPhase({ moduleDoc }) {
      for (const { tagName, className } of found.get(moduleDoc.path) ?? []) {
        const declaration = moduleDoc.declarations?.find((d) => d.name === className);
        if (!declaration) continue;
        declaration.tagName ??= tagName;
        declaration.customElement = true;
        moduleDoc.exports ??= [];
        if (!moduleDoc.exports.some((e) => e.kind === 'custom-element-definition' && e.name === tagName)) {
          moduleDoc.exports.push({ kind: 'custom-element-definition', name: tagName, declaration: { name: className, module: moduleDoc.path } });
        }
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      // `customElements.define(name, ctor)` inside defineElement itself is not an element definition.
      for (const mod of customElementsManifest.modules ?? []) {
        const classes = new Set((mod.declarations ?? []).filter((d) => d.kind === 'class').map((d) => d.name));
        mod.exports = (mod.exports ?? []).filter((e) => e.kind !== 'custom-element-definition' || classes.has(e.declaration?.name));
      }
    },
  };
}

export default {
  globs: ['src/esign-*/esign-*.ts', 'src/internal/esign-element.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.styles.ts', 'src/**/*.stories.ts'],
  // scripts/build.ts sets ESIGN_CEM_OUTDIR (relative to the repo: the analyzer joins it to the cwd) when it builds elsewhere.
  outdir: process.env.ESIGN_CEM_OUTDIR ?? 'dist',
  litelement: true,
  // package.json already names the manifest (`customElements`); do not rewrite it on every build.
  packagejson: false,
  plugins: [defineElementCalls()],
};
