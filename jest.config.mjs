// One jest run, four projects. Node projects run as native ESM (NestJS 12 is ESM-only):
// jest is started with --experimental-vm-modules by scripts/test.sh.
const swcNode = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
    module: { type: 'es6' },
  },
];
const node = (displayName, testMatch, extra = {}) => ({
  displayName,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // the test helpers are TypeScript outside the built packages (services/*/test), run from their sources
    '^@agora/common/testing$': '<rootDir>/services/common/test/index.ts',
    '^@agora/common/uploads/fixtures$': '<rootDir>/services/common/test/upload-fixtures.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': swcNode },
  testMatch,
  ...extra,
});
const esmOnly = ['jotai', 'react-intl', '@formatjs', 'intl-messageformat', 'swr', 'supercluster', 'kdbush'];

export default {
  projects: [
    node('unit', [
      '<rootDir>/packages/contracts/src/**/*.spec.ts',
      '<rootDir>/packages/identity/src/**/*.spec.ts',
      '<rootDir>/packages/observability/src/**/*.spec.ts',
      '<rootDir>/services/*/src/**/*.spec.ts',
      '<rootDir>/gateway/src/**/*.spec.ts',
      '<rootDir>/scripts/*.spec.ts',
    ]),
    node('integration', [
      '<rootDir>/services/*/src/**/*.int.ts',
      '<rootDir>/gateway/src/**/*.int.ts',
      '<rootDir>/scripts/*.int.ts',
    ]),
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{shell,mf-*,packages/platform,packages/library-ui}/src/**/*.test.{ts,tsx}'],
      transform: {
        '^.+\\.[tj]sx?$': [
          '@swc/jest',
          {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
            module: { type: 'commonjs' },
          },
        ],
      },
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
      moduleNameMapper: {
        '^@agora/contracts$': '<rootDir>/packages/contracts/src/index.ts',
        '^@agora/contracts/api$': '<rootDir>/packages/contracts/src/api/index.ts',
        '^@agora/contracts/areas$': '<rootDir>/packages/contracts/src/areas.ts',
        '^@agora/contracts/crs$': '<rootDir>/packages/contracts/src/crs.ts',
        '^@agora/contracts/offline$': '<rootDir>/packages/contracts/src/offline.ts',
        '^@agora/platform$': '<rootDir>/packages/platform/src/index.ts',
        '^@agora/library-ui$': '<rootDir>/packages/library-ui/src/index.ts',
        '^(\\.{1,2}/.*)\\.js$': '$1',
        '\\.css$': '<rootDir>/scripts/jest/style-stub.cjs',
        '\\.(png|svg|jpe?g|gif)$': '<rootDir>/scripts/jest/file-stub.cjs',
      },
      setupFiles: ['<rootDir>/scripts/jest/jsdom-setup.cjs'],
    },
    node('e2e', ['<rootDir>/e2e/**/*.e2e.ts']),
    // the built images played as the Kubernetes manifests say (scripts/test.sh builds the images first)
    node('deploy', ['<rootDir>/e2e/deploy/**/*.deploy.ts']),
  ],
  // A project cannot set its own timeout: one generous limit for all (integration and browser tests boot servers).
  testTimeout: 120000,
};
