import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Each side's boundary: server and app meet only in shared/.
const sides = {
  server: [{ regex: '(^|/)src/', message: 'The server never imports the app: what both need lives in shared/.' }],
  src: [{ regex: '(^|/)server/', message: 'The app never imports the server: what both need lives in shared/.' }],
}

const componentRules = [
  { regex: '(^|/)(machines|routes)/', message: 'Components take props and emit events; routes map machine snapshots to props.' },
  { regex: '(^|/)content/clients/', message: 'Components receive content as props; routes and machines fetch it.' },
  { regex: '^(@sanity/client|xstate|@xstate/react)$', message: 'Components receive content as props and emit events; they hold no client and no actor.' },
]

// The admin's folders as a reader file names them: `../components/admin/…` from a route or an island,
// `../admin/…` from a component beside the admin's (or a route in a `-` folder: routes/admin).
const adminFromReader = {
  regex: '(^|/)(components|routes)/admin/|^(\\.\\.?/)+admin/',
  message: "Reader pages load a stylesheet without the admin's rules (decision 030): a reader route, component or island imports nothing under components/admin or routes/admin.",
}

const storiesAndTests = ['src/**/*.stories.tsx', 'src/**/*.test.{ts,tsx}']

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'storybook-static', 'data', 'src/routeTree.gen.ts', 'node_modules', '.bench-data', '.tmp'] },
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
  layer('server/**', []),
  // Inside the service the layers run http -> pages and feeds, live -> query -> store -> groq (which reads the
  // store's document types only): each folder names the ones above it that it may not reach.
  ...serverLayers({
    'server/groq/**': ['http', 'pages', 'feeds', 'live', 'query', 'media', 'access', 'seed', 'readers'],
    'server/store/**': ['http', 'pages', 'feeds', 'live', 'query', 'media', 'access', 'seed', 'readers'],
    'server/access/**': ['http', 'pages', 'feeds', 'live', 'query', 'media', 'seed', 'readers'],
    'server/media/**': ['http', 'pages', 'feeds', 'live', 'query', 'seed', 'readers'],
    'server/query/**': ['http', 'pages', 'feeds', 'live', 'media', 'seed', 'readers'],
    'server/live/**': ['http', 'pages', 'feeds', 'media', 'seed', 'readers'],
    'server/pages/**': ['http', 'feeds', 'live', 'media', 'seed', 'readers'],
    // Feeds sit beside pages: both read the query engine as an anonymous reader.
    'server/feeds/**': ['http', 'pages', 'live', 'media', 'seed', 'readers'],
    // Reader mail (contact messages, subscribers, the outbox) sits beside pages and feeds, below http.
    'server/readers/**': ['http', 'pages', 'feeds', 'live', 'query', 'media', 'seed'],
    // Newsletters compose editions from the published paper (as feeds do) and mail reader mail's subscribers.
    'server/newsletters/**': ['http', 'pages', 'live', 'media', 'seed', 'render', 'edge'],
    // Webhooks listen to the store's commits and read its documents, below http like reader mail.
    'server/webhooks/**': ['http', 'pages', 'feeds', 'live', 'query', 'media', 'access', 'seed', 'readers'],
    // The render tier and the edge purger are processes of their own beside the service: they use its
    // pages and HTTP helpers, never its store, engine or the other's code.
    'server/render/**': ['store', 'query', 'live', 'feeds', 'media', 'access', 'seed', 'readers', 'webhooks', 'edge', 'schedules'],
    'server/edge/**': ['http', 'pages', 'store', 'query', 'live', 'feeds', 'media', 'access', 'seed', 'readers', 'webhooks', 'render', 'schedules'],
  }),
  layer('src/**', []),
  layer('src/content/**', [
    { regex: '(^|/)(components|machines|routes)/', message: 'Content holds rules and queries; components, machines and routes use it, not the reverse.' },
  ]),
  // A machine's model-based test drives it through the component a route would render it with.
  layer('src/machines/**', [{ regex: '(^|/)(components|routes)/', message: 'Machines decide; routes render their snapshots through components.' }], ['src/machines/**/*.test.tsx']),
  layer('src/components/**', componentRules),
  // Reader code (every route, component and island outside the admin's folders) imports nothing of
  // the admin's: reader pages load a stylesheet without the rules only the admin's folders define
  // (scripts/readerStylesheet.ts, decision 030), so an admin component on a reader page renders
  // unstyled. The build checks its sample pages' markup only; this holds for every page. A story or
  // test may still read the admin's fixtures.
  layer('src/components/**', [...componentRules, adminFromReader], ['src/components/admin/**', ...storiesAndTests]),
  layer('src/routes/**', [adminFromReader], ['src/routes/admin/**', ...storiesAndTests]),
  layer('src/islands/**', [adminFromReader], storiesAndTests),
  // Tests may reach across the app's own layers, and read the demo newspaper the seed writes (the
  // editor must round-trip its articles), but still nothing else of the server.
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)server/(?!seed/)', message: 'The app never imports the server; tests may read server/seed only.' }] }] },
  },
  {
    // Content rules run in the browser, on the server (page rendering) and in tests alike.
    files: ['src/content/**/*.{ts,tsx}'],
    ignores: ['src/content/clients/**'],
    rules: {
      'no-restricted-globals': ['error', ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'].map((name) => ({ name, message: 'src/content is pure: browser objects belong to content/clients or to the caller.' }))],
    },
  },
)


/** The service's folders and the folders above them, as one rule each (tests may reach further). */
function serverLayers(above) {
  return Object.entries(above).map(([glob, folders]) =>
    layer(glob, [{ regex: `(^|\\.\\./)(${folders.join('|')})/`, message: `${glob.slice(0, -3)} sits below ${folders.join(', ')}.` }], ['server/**/*.test.ts']),
  )
}

/**
 * A folder's forbidden imports, as one no-restricted-imports rule. A later block's rule replaces an
 * earlier one for the same file, so each block carries its side's own boundary too.
 */
function layer(glob, patterns, ignores = []) {
  const side = glob.startsWith('server/') ? sides.server : glob.startsWith('src/') ? sides.src : []
  return { files: [`${glob.replace(/\*\*$/, '')}**/*.{ts,tsx,mjs}`], ignores, rules: { 'no-restricted-imports': ['error', { patterns: [...side, ...patterns] }] } }
}
