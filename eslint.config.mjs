import nextVitals from 'eslint-config-next/core-web-vitals';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The layering of docs/architecture.md: each element may import only the layers below it (and
 * itself). A wrong import fails `npm run lint`, which `npm test` runs.
 */
const LAYERS = {
  core: [],
  contracts: ['core'],
  config: ['core', 'contracts'],
  observe: ['core'],
  sim: ['core', 'contracts'],
  upstream: ['core', 'contracts', 'config', 'observe', 'sim'],
  server: ['core', 'contracts', 'config', 'observe', 'sim', 'upstream'],
  client: ['core', 'contracts'],
  // The chart's data rules (lib/chart/rules): pure, no DOM and no chart library, so the features,
  // their page loaders, the widget's server-written HTML and the tests share them.
  'chart-rules': ['core', 'contracts'],
  feature: ['core', 'contracts', 'client', 'chart-rules'],
  loader: ['core', 'contracts', 'config', 'upstream', 'client', 'feature', 'chart-rules'],
  // What the pool page and the widget both show of trades (lib/chart/trades): rows, marker buckets,
  // the marker's card; pure, over the pools feature's trade readings.
  'chart-trades': ['core', 'contracts', 'feature', 'chart-rules'],
  // Framework-free browser code: the chart's drawing (lib/chart/draw, lightweight-charts) and the
  // embeddable widget (lib/embed).
  'chart-draw': ['core', 'contracts', 'client', 'feature', 'chart-rules', 'chart-trades'],
  embed: ['core', 'contracts', 'client', 'feature', 'chart-rules', 'chart-trades', 'chart-draw'],
  components: [
    'core',
    'contracts',
    'client',
    'feature',
    'chart-rules',
    'chart-trades',
    'chart-draw',
  ],
  app: [
    'core',
    'contracts',
    'config',
    'observe',
    'upstream',
    'server',
    'client',
    'feature',
    'loader',
    'chart-rules',
    'chart-trades',
    'chart-draw',
    'embed',
    'components',
  ],
};

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'public/**',
      '.data/**',
      'dist/**',
    ],
  },
  ...nextVitals,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Service handlers are async by interface even when one does no I/O.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // A header cell says what it heads (a column or a row), so that a screen reader reads each
    // cell with its header however the table is laid out.
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='th']:not(:has(JSXAttribute[name.name='scope']))",
          message: 'A <th> needs scope="col" (or "row").',
        },
      ],
    },
  },
  {
    files: ['app/**', 'components/**', 'lib/**', 'proxy.ts', 'instrumentation.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true } },
      // `mode: 'full'` (a whole-path pattern) is how a single file, a feature's server.ts, becomes an
      // element of its own; v7 still honours it and only warns that it is deprecated.
      'boundaries/legacy-warnings': false,
      'boundaries/elements': [
        { type: 'core', pattern: 'lib/core/**', mode: 'full' },
        { type: 'contracts', pattern: 'lib/contracts/**', mode: 'full' },
        { type: 'config', pattern: 'lib/config/**', mode: 'full' },
        { type: 'observe', pattern: 'lib/observe/**', mode: 'full' },
        { type: 'sim', pattern: 'lib/sim/**', mode: 'full' },
        { type: 'upstream', pattern: 'lib/upstream/**', mode: 'full' },
        { type: 'server', pattern: 'lib/server/**', mode: 'full' },
        { type: 'client', pattern: 'lib/client/**', mode: 'full' },
        // A feature's page loaders (server.ts) reach the upstream clients; the rest of it does not.
        { type: 'loader', pattern: 'lib/features/*/server.ts', mode: 'full' },
        { type: 'feature', pattern: 'lib/features/**', mode: 'full' },
        { type: 'chart-rules', pattern: 'lib/chart/rules/**', mode: 'full' },
        { type: 'chart-trades', pattern: 'lib/chart/trades/**', mode: 'full' },
        // Everything else of lib/chart (draw/, and any file added beside the three folders).
        { type: 'chart-draw', pattern: 'lib/chart/**', mode: 'full' },
        { type: 'embed', pattern: 'lib/embed/**', mode: 'full' },
        { type: 'components', pattern: 'components/**', mode: 'full' },
        { type: 'app', pattern: ['app/**', 'proxy.ts', 'instrumentation.ts'], mode: 'full' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: Object.entries(LAYERS).map(([type, below]) => ({
            from: { element: { type } },
            allow: { to: { element: { types: { anyOf: [type, ...below] } } } },
          })),
        },
      ],
    },
  },
  {
    // The chart's data rules and trade views are shared with pages, loaders and the widget's
    // server-written HTML: the chart library is lib/chart/draw's alone.
    files: ['lib/chart/rules/**', 'lib/chart/trades/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lightweight-charts',
              message: 'Only lib/chart/draw/ draws with the chart library.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
