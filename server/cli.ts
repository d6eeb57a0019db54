// `npm run content -- <command>`: the content service's administration from a terminal.
// It works on the same DATA_DIR as the running service (SQLite lets both in; the service notices
// the change and reloads).

import { parseArgs } from 'node:util'
import { roles, type Role } from '../shared/roles.ts'
import { loadConfig } from './config.ts'
import { openParts, prepare } from './service.ts'
import { exportDataset, importDataset } from './transfer.ts'
import { webhookCommand, webhookUsage } from './webhooks/command.ts'
import { newsletterCommand, newsletterUsage } from './newsletters/command.ts'

const usage = `Usage: npm run content -- <command> [options]

Commands
  import FILE [--dataset NAME] [--missing]   Load an NDJSON file or a .tar.gz dataset export.
                                             Documents with the same id are replaced, or kept with --missing.
  export FILE [--dataset NAME]               Write the dataset as NDJSON, or as .tar.gz with its images.
  token create --role ROLE [--label TEXT] [--ttl SECONDS]
                                             Print a new API token (roles: ${roles.join(', ')}).
  user create EMAIL --role ROLE              Create a user, or reset an existing one's password and role
                                             (roles: ${roles.join(', ')}). The password comes from RESONANCE_PASSWORD.
  user list                                  List users and their roles.
  datasets                                   List datasets with their document counts.
  seed [--dataset NAME]                      Load the demo newspaper into an empty dataset.
${webhookUsage}
${newsletterUsage}

Settings come from the environment, as for npm start: DATA_DIR (default ./data), DATASET
(default production), PROJECT_ID, PUBLIC_URL, ADMIN_EMAIL, ADMIN_PASSWORD.`

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dataset: { type: 'string' },
      missing: { type: 'boolean' },
      role: { type: 'string' },
      label: { type: 'string' },
      ttl: { type: 'string' },
      url: { type: 'string' },
      filter: { type: 'string' },
      projection: { type: 'string' },
      on: { type: 'string' },
      secret: { type: 'string' },
      name: { type: 'string' },
      drafts: { type: 'boolean' },
      edition: { type: 'string' },
      to: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, ...args] = positionals
  if (!command || values.help) {
    console.log(usage)
    return
  }
  const config = loadConfig()
  const dataset = values.dataset ?? config.dataset
  // What an upgrade refills is left to the service, which refills after it listens: a command (a
  // user made on a million-article archive mid-upgrade) answers at once, not after the refill.
  const parts = openParts(config, { refill: 'later' })
  const publicBase = config.publicUrl ?? `http://localhost:${config.port}`
  const role = (): Role => {
    const r = values.role
    if (!r || !(roles as readonly string[]).includes(r)) fail(`--role must be one of ${roles.join(', ')}`)
    return r as Role
  }
  try {
    switch (command) {
      case 'import': {
        const file = args[0] ?? fail('import needs a FILE')
        const report = await importDataset(parts.store, parts.assets, file, { dataset, mode: values.missing ? 'missing' : 'replace', publicBase })
        console.log(`Imported ${report.documents} documents and ${report.assets} assets into "${dataset}"`)
        return
      }
      case 'export': {
        const file = args[0] ?? fail('export needs a FILE')
        const report = await exportDataset(parts.store, parts.assets, file, dataset)
        console.log(`Exported ${report.documents} documents and ${report.assets} assets from "${dataset}" to ${file}`)
        return
      }
      case 'token': {
        if (args[0] !== 'create') fail('Usage: token create --role ROLE [--label TEXT] [--ttl SECONDS]')
        const ttl = values.ttl === undefined ? null : Number(values.ttl)
        if (ttl !== null && (!Number.isInteger(ttl) || ttl <= 0)) fail('--ttl must be a whole number of seconds')
        console.log(parts.auth.createRobotToken(role(), values.label ?? null, ttl))
        return
      }
      case 'user': {
        if (args[0] === 'list') {
          for (const u of parts.auth.listUsers()) console.log(`${u.email}\t${u.role}`)
          return
        }
        if (args[0] !== 'create' || !args[1]) fail('Usage: user create EMAIL --role ROLE (password in RESONANCE_PASSWORD)')
        const password = process.env.RESONANCE_PASSWORD ?? fail('Set RESONANCE_PASSWORD to the new password')
        const user = await parts.auth.upsertUser(args[1], password, role())
        console.log(`${user.email} is now ${user.role}`)
        return
      }
      case 'webhook': {
        for (const line of webhookCommand(config.dataDir, args, { ...values, dataset })) console.log(line)
        return
      }
      case 'newsletter': {
        for (const line of await newsletterCommand(config, parts.store, args, { edition: values.edition, to: values.to })) console.log(line)
        return
      }
      case 'datasets': {
        for (const name of parts.store.datasetNames()) console.log(`${name}\t${parts.store.dataset(name).docs.size} documents`)
        return
      }
      case 'seed': {
        if (parts.store.hasDataset(dataset) && parts.store.dataset(dataset).docs.size > 0) fail(`Dataset "${dataset}" is not empty`)
        if (parts.store.hasDataset(dataset)) parts.store.deleteDataset(dataset)
        await prepare(parts, { ...config, dataset, seed: 'demo' }, (line) => console.log(line))
        return
      }
      default:
        fail(`Unknown command "${command}"\n\n${usage}`)
    }
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  } finally {
    parts.store.close()
    parts.auth.close()
  }
}

await main(process.argv.slice(2))
