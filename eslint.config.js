// Layering is enforced here, not by memory (architecture.md practice 4):
// shared/ is pure TypeScript, renderer/ never reaches into electron/ or node, electron/ never into renderer/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const deviceOnly = ['electron', '@devicefarmer/adbkit', 'ws', 'pngjs'];
const uiOnly = ['react', 'react-dom', 'react-konva', 'konva', 'zustand', '@yume-chan/scrcpy-decoder-webcodecs'];

// The `tactile` command (cli/) is a program of its own built on electron/'s plain Node code; the console never needs it.
const notCli = { group: ['**/cli/**'], message: 'electron/ serves cli/ (the `tactile` command) and never imports it.' };

const restrict = (paths, patterns) => [
  'error',
  {
    paths: paths.map((name) => ({ name, message: 'Layering: this layer may not import it (see eslint.config.js).' })),
    patterns,
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'out/**',
      'helper-apk/target/**',
      'test-results/**',
      '**/*.d.ts',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...nodeBuiltins, ...deviceOnly, ...uiOnly],
        [
          {
            group: ['**/electron/**', '**/renderer/**', '**/cli/**', '**/agents/**'],
            message: 'shared/ must not import electron/, renderer/, cli/ or agents/.',
          },
        ],
      ),
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require', 'navigator'],
    },
  },
  {
    // Inside shared/, errors is the leaf every layer names its codes from, and the action model sits below
    // validation: actions/ and errors/ never import validation/ (validation builds on them, not the reverse).
    files: ['shared/actions/**/*.ts', 'shared/errors/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...nodeBuiltins, ...deviceOnly, ...uiOnly],
        [
          {
            group: ['**/electron/**', '**/renderer/**', '**/cli/**', '**/agents/**'],
            message: 'shared/ must not import electron/, renderer/, cli/ or agents/.',
          },
          {
            group: ['**/validation', '**/validation/**'],
            message: 'shared/actions and shared/errors sit below shared/validation.',
          },
        ],
      ),
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': restrict(
        [...nodeBuiltins, ...deviceOnly],
        [
          {
            group: ['**/electron/**', '**/agents/**', '**/cli/**'],
            message: 'renderer/ talks to main only through shared/ipc.',
          },
        ],
      ),
    },
  },
  {
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        uiOnly.filter((m) => m !== 'zustand'),
        [{ group: ['**/renderer/**'], message: 'electron/ must not import renderer/.' }, notCli],
      ),
    },
  },
  {
    // Tests may drive the virtual device's parts (its test harness, stream headers); product code starts it whole.
    files: ['electron/**/*.ts'],
    ignores: ['electron/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        uiOnly.filter((m) => m !== 'zustand'),
        [
          { group: ['**/renderer/**'], message: 'electron/ must not import renderer/.' },
          notCli,
          {
            group: ['**/virtual-device/**', '!**/virtual-device/virtual-device'],
            message: 'electron/ starts the virtual device through its entry (virtual-device/virtual-device.ts) only.',
          },
        ],
      ),
    },
  },
  {
    // VS Code's electron-main/node split: only the app's shell (electron/main: window, IPC, protocol, security)
    // and the preload touch Electron; everything else in electron/ is plain Node, which the CLI, `tactile mcp`,
    // the bridge and the browser console run without Electron.
    files: ['electron/**/*.ts'],
    ignores: ['electron/**/*.test.ts', 'electron/main/**', 'electron/preload/**'],
    rules: {
      'no-restricted-imports': restrict(
        [...uiOnly.filter((m) => m !== 'zustand'), 'electron'],
        [
          { group: ['**/renderer/**'], message: 'electron/ must not import renderer/.' },
          notCli,
          {
            group: ['**/virtual-device/**', '!**/virtual-device/virtual-device'],
            message: 'electron/ starts the virtual device through its entry (virtual-device/virtual-device.ts) only.',
          },
          {
            group: [
              '**/electron/main/**',
              '**/electron/preload/**',
              '../main/*',
              '../../main/*',
              '../preload/*',
              '../../preload/*',
            ],
            message:
              'plain Node code in electron/ does not reach the Electron shell (electron/main, electron/preload).',
          },
        ],
      ),
    },
  },
  {
    // The agent servers (MCP, the seed-003 bridge, approvals, tokens) run every call through the executor their
    // host hands them (the console's services or `tactile mcp` / `tactile bridge`): they build on shared/ (and
    // Node, the MCP SDK) only, so the doors agents come in by can be read, and tested, without a device behind them.
    files: ['agents/**/*.ts'],
    ignores: ['agents/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...uiOnly, ...deviceOnly],
        [
          {
            group: ['**/electron/**', '**/cli/**', '**/renderer/**', '**/virtual-device/**', '**/test/**'],
            message: 'agents/ imports only shared/ (and Node): its host hands it an executor.',
          },
        ],
      ),
    },
  },
  {
    // The `tactile` command: plain Node over electron/'s device layer, executor and receipts, and the agent servers
    // of agents/ (as `tactile mcp` and `tactile bridge`), never the Electron shell; it starts the virtual device by
    // its entry.
    files: ['cli/**/*.ts'],
    ignores: ['cli/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...uiOnly, 'electron'],
        [
          { group: ['**/renderer/**'], message: 'cli/ must not import renderer/.' },
          {
            group: ['**/electron/main/**', '**/electron/preload/**'],
            message:
              'cli/ runs without Electron: it never reaches the Electron shell (electron/main, electron/preload).',
          },
          {
            group: ['**/virtual-device/**', '!**/virtual-device/virtual-device'],
            message: 'cli/ starts the virtual device through its entry (virtual-device/virtual-device.ts) only.',
          },
        ],
      ),
    },
  },
  {
    // The virtual device is a phone, not part of the console: it builds on shared/ and Node only, so it can run
    // (and be read) on its own, and nothing of main, the renderer or a UI library leaks into what it simulates.
    files: ['virtual-device/**/*.ts'],
    ignores: ['virtual-device/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...uiOnly, 'electron', '@devicefarmer/adbkit', 'ws'],
        [
          {
            group: ['**/electron/**', '**/renderer/**', '**/cli/**', '**/agents/**', '**/test/**'],
            message: 'virtual-device/ imports only shared/ (and Node).',
          },
        ],
      ),
    },
  },
);
