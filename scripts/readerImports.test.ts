// The lint rule that keeps the admin's code off reader pages (eslint.config.js, `adminFromReader`):
// reader pages load a stylesheet without the rules only the admin's folders define
// (readerStylesheet.ts), so an admin component a reader route renders comes unstyled. The build
// checks the markup of its sample pages only; the rule holds for every reader file. Run through
// ESLint with the project's own config, as `npm run check` runs it.

import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

/** The messages of the import rule for `code` as if it were the file at `path`. */
async function importErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) })
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

const refusal = expect.stringContaining("Reader pages load a stylesheet without the admin's rules")

describe("reader code and the admin's", () => {
  it('refuses an admin component in a reader route, a reader component and an island', async () => {
    expect(await importErrors('src/routes/article.$slug.tsx', "import { ActionStatus } from '../components/admin/ActionStatus.tsx'\nexport { ActionStatus }\n")).toEqual([refusal])
    expect(await importErrors('src/routes/-liveblog/Pinned.island.tsx', "import { ActionStatus } from '../../components/admin/ActionStatus.tsx'\nexport { ActionStatus }\n")).toEqual([refusal])
    expect(await importErrors('src/components/article/ArticleStory.tsx', "import { ActionStatus } from '../admin/ActionStatus.tsx'\nexport { ActionStatus }\n")).toEqual([refusal])
    expect(await importErrors('src/islands/LiveHome.island.tsx', "import { ActionStatus } from '../components/admin/ActionStatus.tsx'\nexport { ActionStatus }\n")).toEqual([refusal])
  })

  it("refuses the admin's routes in a reader route", async () => {
    expect(await importErrors('src/routes/index.tsx', "import { useToasts } from './admin/-toasts.ts'\nexport { useToasts }\n")).toEqual([refusal])
  })

  it("keeps a reader component's other rules beside it", async () => {
    expect(await importErrors('src/components/home/HomePage.tsx', "import { createActor } from 'xstate'\nexport { createActor }\n")).toEqual([
      expect.stringContaining('they hold no client and no actor'),
    ])
  })

  it("lets the admin's own code, and a reader component's stories, import the admin's components", async () => {
    expect(await importErrors('src/routes/admin/_authed/index.tsx', "import { AdminDashboard } from '../../../components/admin/AdminDashboard.tsx'\nexport { AdminDashboard }\n")).toEqual([])
    expect(await importErrors('src/components/admin/AdminLayout.tsx', "import { ActionStatus } from './ActionStatus.tsx'\nexport { ActionStatus }\n")).toEqual([])
    expect(await importErrors('src/components/ui/ConfirmDialog.stories.tsx', "import { longTitle } from '../admin/AdminDashboard.fixtures.ts'\nexport { longTitle }\n")).toEqual([])
  })

  it("lets a reader route use the admin's content rules, which carry no styles", async () => {
    expect(await importErrors('src/routes/index.tsx', "import { people } from '../content/admin/people.ts'\nexport { people }\n")).toEqual([])
  })
})
