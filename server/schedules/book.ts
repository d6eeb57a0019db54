// The schedules themselves (Sanity's Scheduling API, docs/decisions/011-scheduling.md): one row each
// in content.db beside the documents they will publish, so they survive restarts and a backup of
// the database carries them. Running them is runner.ts; the HTTP shape is server/http/schedules.ts.

import type Database from 'better-sqlite3'
import { randomId } from '../store/ids.ts'

export type ScheduleAction = 'publish' | 'unpublish'
/** `cancelled` is also where a schedule that could not run ends, with the reason in `stateReason`. */
export type ScheduleState = 'scheduled' | 'succeeded' | 'cancelled'

export const scheduleStates: readonly ScheduleState[] = ['scheduled', 'succeeded', 'cancelled']

/** A schedule as the Scheduling API sends it. */
export interface Schedule {
  id: string
  name: string
  description: string
  projectId: string
  dataset: string
  author: string
  action: ScheduleAction
  documents: Array<{ documentId: string; documentType?: string }>
  createdAt: string
  executeAt: string
  executedAt?: string
  state: ScheduleState
  stateReason: string
  /** The transaction that published (or unpublished) the documents, once it ran. */
  transactionId?: string
}

export interface NewSchedule {
  dataset: string
  author: string
  name: string
  action: ScheduleAction
  documents: Array<{ documentId: string; documentType?: string }>
  executeAt: Date
}

interface Row {
  id: string
  dataset: string
  name: string
  action: ScheduleAction
  documents: string
  author: string
  created_at: string
  execute_at: string
  executed_at: string | null
  state: ScheduleState
  state_reason: string
  transaction_id: string | null
}

export class ScheduleBook {
  private readonly statements
  private readonly projectId: string

  constructor(db: Database.Database, projectId: string) {
    this.projectId = projectId
    db.exec(`
      CREATE TABLE IF NOT EXISTS schedules (
        id TEXT PRIMARY KEY, dataset TEXT NOT NULL, name TEXT NOT NULL, action TEXT NOT NULL,
        documents TEXT NOT NULL, author TEXT NOT NULL, created_at TEXT NOT NULL, execute_at TEXT NOT NULL,
        executed_at TEXT, state TEXT NOT NULL, state_reason TEXT NOT NULL DEFAULT '', transaction_id TEXT
      );
      CREATE INDEX IF NOT EXISTS schedules_due ON schedules (state, execute_at);
      CREATE INDEX IF NOT EXISTS schedules_dataset ON schedules (dataset, execute_at);
    `)
    this.statements = {
      insert: db.prepare(
        'INSERT INTO schedules (id, dataset, name, action, documents, author, created_at, execute_at, state) VALUES (@id, @dataset, @name, @action, @documents, @author, @created_at, @execute_at, @state)',
      ),
      get: db.prepare<[string, string], Row>('SELECT * FROM schedules WHERE dataset = ? AND id = ?'),
      byId: db.prepare<[string], Row>('SELECT * FROM schedules WHERE id = ?'),
      list: db.prepare<[string], Row>('SELECT * FROM schedules WHERE dataset = ? ORDER BY execute_at, created_at'),
      update: db.prepare('UPDATE schedules SET name = @name, execute_at = @execute_at, state = @state, state_reason = @state_reason WHERE id = @id'),
      finish: db.prepare('UPDATE schedules SET state = @state, state_reason = @state_reason, executed_at = @executed_at, transaction_id = @transaction_id WHERE id = @id'),
      remove: db.prepare('DELETE FROM schedules WHERE dataset = ? AND id = ?'),
      next: db.prepare<[], Row>("SELECT * FROM schedules WHERE state = 'scheduled' ORDER BY execute_at LIMIT 1"),
      due: db.prepare<[string], Row>("SELECT * FROM schedules WHERE state = 'scheduled' AND execute_at <= ? ORDER BY execute_at, created_at"),
    }
  }

  create(input: NewSchedule, now: Date = new Date()): Schedule {
    const id = `sch-${randomId()}`
    this.statements.insert.run({
      id,
      dataset: input.dataset,
      name: input.name,
      action: input.action,
      documents: JSON.stringify(input.documents),
      author: input.author,
      created_at: now.toISOString(),
      execute_at: input.executeAt.toISOString(),
      state: 'scheduled',
    })
    return this.get(input.dataset, id)!
  }

  get(dataset: string, id: string): Schedule | null {
    const row = this.statements.get.get(dataset, id)
    return row ? this.toSchedule(row) : null
  }

  /** A dataset's schedules, soonest first, narrowed to a state and to those naming any of `documentIds`. */
  list(dataset: string, filter: { state?: ScheduleState; documentIds?: string[] } = {}): Schedule[] {
    const wanted = filter.documentIds ? new Set(filter.documentIds) : null
    return this.statements.list
      .all(dataset)
      .map((row) => this.toSchedule(row))
      .filter((s) => (filter.state ? s.state === filter.state : true))
      .filter((s) => (wanted ? s.documents.some((d) => wanted.has(d.documentId)) : true))
  }

  update(id: string, change: { name: string; executeAt: string; state: ScheduleState; stateReason: string }): void {
    this.statements.update.run({ id, name: change.name, execute_at: change.executeAt, state: change.state, state_reason: change.stateReason })
  }

  /** Records how a run ended: succeeded with its transaction, or cancelled with why. */
  finish(id: string, outcome: { state: ScheduleState; stateReason: string; executedAt: Date; transactionId: string | null }): void {
    this.statements.finish.run({ id, state: outcome.state, state_reason: outcome.stateReason, executed_at: outcome.executedAt.toISOString(), transaction_id: outcome.transactionId })
  }

  remove(dataset: string, id: string): boolean {
    return this.statements.remove.run(dataset, id).changes > 0
  }

  /** The scheduled schedule that runs first, whatever its dataset. */
  next(): Schedule | null {
    const row = this.statements.next.get()
    return row ? this.toSchedule(row) : null
  }

  /** Every scheduled schedule whose time has come, oldest first. */
  due(now: Date): Schedule[] {
    return this.statements.due.all(now.toISOString()).map((row) => this.toSchedule(row))
  }

  byId(id: string): Schedule | null {
    const row = this.statements.byId.get(id)
    return row ? this.toSchedule(row) : null
  }

  private toSchedule(row: Row): Schedule {
    return {
      id: row.id,
      name: row.name,
      description: '',
      projectId: this.projectId,
      dataset: row.dataset,
      author: row.author,
      action: row.action,
      documents: JSON.parse(row.documents) as Schedule['documents'],
      createdAt: row.created_at,
      executeAt: row.execute_at,
      ...(row.executed_at ? { executedAt: row.executed_at } : {}),
      state: row.state,
      stateReason: row.state_reason,
      ...(row.transaction_id ? { transactionId: row.transaction_id } : {}),
    }
  }
}
