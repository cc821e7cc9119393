// `npm run lint:circles`: no import circle anywhere in the sources, type-only and dynamic imports included, and no
// import from one remote (or the shell) into another's source.
// There are no known exceptions: any circle fails the check.
const REMOTES = '(shell|mf-library|mf-consultation|mf-admin-structure|mf-members)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module that imports, through any chain, a module importing it: move the shared piece out.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-remote',
      severity: 'error',
      comment:
        "A remote or the shell never imports another one's source (each is built and rolled back on its own): " +
        'what two of them share lives in a package (@agora/platform, @agora/library-ui, @agora/contracts).',
      from: { path: `(?:^|/)${REMOTES}/src/` },
      to: { path: `(?:^|/)${REMOTES}/src/`, pathNot: '(?:^|/)$1/src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|generated|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // the workspace packages resolved to their source (each package's `source` export)
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
    },
  },
};
