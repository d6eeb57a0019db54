import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'storybook-static', 'data', 'src/routeTree.gen.ts', 'node_modules', '.bench-data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo)$/]", message: 'Focused or skipped tests hide failures.' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The house's layers (docs/decisions/007-layout.md): imports only point down. Each block names what
  // a folder may not reach; the paths are matched as written in the import.
  layer('shared/**', [
    { regex: '(^|/)(src|server)/', message: 'shared/ is what server and app both speak: it imports neither.' },
  ]),
  layer('server/**', [{ regex: '(^|/)src/', message: 'The server never imports the app: what both need lives in shared/.' }]),
  layer('src/**', [{ regex: '(^|/)server/', message: 'The app never imports the server: what both need lives in shared/.' }]),
  layer('src/content/**', [
    { regex: '(^|/)(components|machines|routes)/', message: 'Content holds rules and queries; components, machines and routes use it, not the reverse.' },
  ]),
  // A machine's model-based test drives it through the component a route would render it with.
  layer('src/machines/**', [{ regex: '(^|/)(components|routes)/', message: 'Machines decide; routes render their snapshots through components.' }], ['src/machines/**/*.test.tsx']),
  layer('src/components/**', [
    { regex: '(^|/)(machines|routes)/', message: 'Components take props and emit events; routes map machine snapshots to props.' },
    { regex: '(^|/)content/clients/', message: 'Components receive content as props; routes and machines fetch it.' },
    { regex: '^(@sanity/client|xstate|@xstate/react)$', message: 'Components receive content as props and emit events; they hold no client and no actor.' },
  ]),
  {
    // Content rules run in the browser, on the server (page rendering) and in tests alike.
    files: ['src/content/**/*.{ts,tsx}'],
    ignores: ['src/content/clients/**'],
    rules: {
      'no-restricted-globals': ['error', ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'].map((name) => ({ name, message: 'src/content is pure: browser objects belong to content/clients or to the caller.' }))],
    },
  },
)

/** A folder's forbidden imports, as one no-restricted-imports rule. */
function layer(glob, patterns, ignores = []) {
  return { files: [`${glob.replace(/\*\*$/, '')}**/*.{ts,tsx,mjs}`], ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } }
}
