// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['shell/src/**', 'mf-*/src/**', 'packages/platform/src/**', 'packages/library-ui/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Each remote is built, published and rolled back on its own: what two of them share lives in a package
      // (@agora/platform, @agora/library-ui, @agora/contracts), never in another remote's or the shell's source.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/mf-*/src', '**/mf-*/src/**', '**/shell/src', '**/shell/src/**'],
              message:
                "A remote or the shell never imports another one's source: move the shared piece into a package.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every log line of the back end goes through pino (the service's LOGGER, the gateway's logger, with the
    // request id and the trace); Nest's own lines reach it through PinoNestLogger. Not the browser's packages,
    // whose import rule above would be replaced by this one.
    files: ['services/*/src/**', 'gateway/src/**', 'packages/*/src/**'],
    ignores: ['**/*.spec.ts', '**/*.int.ts', 'packages/platform/src/**', 'packages/library-ui/src/**'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['Logger', 'ConsoleLogger'],
              message: "Inject the service's pino logger (LOGGER from @agora/common) instead.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int.ts', '**/*.e2e.ts', '**/test/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
