// The benchmark's building blocks: a section measures something and returns a table; `run.ts`
// runs the sections in order and prints each table as plain text.

export interface Table {
  title: string
  columns: string[]
  rows: string[][]
  /** Lines printed under the table: targets, caveats, what the numbers mean. */
  notes?: string[]
}

export interface Section {
  name: string
  run(): Promise<Table>
}

/** Column widths by the widest cell; multi-line cells are not supported. */
export function formatTable(table: Table): string {
  const widths = table.columns.map((column, i) => Math.max(width(column), ...table.rows.map((row) => width(row[i] ?? ''))))
  const line = (cells: string[]) =>
    '| ' + widths.map((w, i) => pad(cells[i] ?? '', w)).join(' | ') + ' |'
  const rule = '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|'
  const out = [table.title, '', line(table.columns), rule, ...table.rows.map(line)]
  if (table.notes && table.notes.length > 0) out.push('', ...table.notes)
  return out.join('\n')
}

// ✓ and ✗ are one column wide in a terminal; so is every other character the tables use.
function width(text: string): number {
  return [...text].length
}

function pad(text: string, w: number): string {
  return text + ' '.repeat(Math.max(0, w - width(text)))
}

/** A target line: `✓ warm homepage p99 <= 5 ms at 10,000 articles (measured 1.2 ms)`. */
export function target(met: boolean | null, text: string): string {
  return `${met === null ? '–' : met ? '✓' : '✗'} ${text}`
}
