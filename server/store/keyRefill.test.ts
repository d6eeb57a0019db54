import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fieldSignature, keyedFields, keyedFieldsSignature, scopedKeys } from './documentColumns.ts'
import { familiesOfListing } from './keyRefill.ts'
import { Store } from './store.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The one text a database from before families recorded, for a list of scopes (as keyedFieldsSignature writes it). */
const listingText = (scopes: typeof scopedKeys) => [...keyedFields.map(fieldSignature), ...scopes.map((s) => `${fieldSignature(s.scope)}{${s.fields.map(fieldSignature).join(',')}}`)].join(',')

/** A paper of a few articles stored by a release from before families, whose list lacked the keys under each section. */
async function paperFromBeforeFamilies(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-families-'))
  dirs.push(dir)
  const store = new Store(dir)
  store.createDataset('production')
  await store.commit(
    'production',
    Array.from({ length: 5 }, (_, i) => ({ create: { _id: `a${i}`, _type: 'article', title: `Story ${i}`, slug: { _type: 'slug', current: `story-${i}` }, publishedAt: `2026-11-0${i + 1}T09:00:00Z`, categories: [{ _type: 'reference', _key: 'k', _ref: 'c1' }] } })),
  )
  store.close()
  const withoutSections = scopedKeys.filter((s) => s.scope.name !== 'categories[]._ref')
  expect(withoutSections.length).toBe(scopedKeys.length - 1)
  const db = new Database(join(dir, 'content.db'))
  db.exec(`
    DELETE FROM document_key_families;
    DELETE FROM document_keys WHERE field >= 'publishedAt@categories[]._ref=' AND field < 'publishedAt@categories[]._ref>';
    CREATE TABLE document_keys_fields (signature TEXT NOT NULL);
    CREATE TABLE document_pair_keys (signature TEXT NOT NULL);
  `)
  db.prepare('INSERT INTO document_keys_fields (signature) VALUES (?)').run(listingText(withoutSections))
  db.close()
  return dir
}

describe('an upgrade from a database from before families', () => {
  it('reads the families out of the one text it recorded, scoped fields and commas inside a name alike', () => {
    const families = familiesOfListing(keyedFieldsSignature)!
    expect(families.get('coalesce(publishedAt, _createdAt)')).toBe('coalesce(publishedAt, _createdAt)=publishedAt??_createdAt')
    expect(families.get('publishedAt@categories[]._ref')).toBe('categories[]._ref=categories[]_ref{publishedAt=publishedAt}')
    expect(families.size).toBe(keyedFields.length + scopedKeys.reduce((n, s) => n + s.fields.length, 0))
    expect(familiesOfListing('no signature here')).toBeNull()
    expect(familiesOfListing('a=a,b=b{c=c')).toBeNull()
  })

  it('writes again only the families whose text differs, not every key of the archive', async () => {
    const dir = await paperFromBeforeFamilies()
    const store = new Store(dir, { refill: 'later' })
    try {
      const pending = store.db.prepare('SELECT family FROM document_keys_pending ORDER BY family').pluck().all()
      // The pair keys' text was not recorded either, so they are written again too.
      expect(pending).toEqual(['pair:', 'publishedAt@categories[]._ref'])
      await store.refillInBackground()
      expect(store.db.prepare("SELECT count(*) FROM document_keys WHERE field = 'publishedAt@categories[]._ref=c1'").pluck().get()).toBe(5)
      expect(store.db.prepare('SELECT count(*) FROM document_keys_pending').pluck().get()).toBe(0)
    } finally {
      store.close()
    }
  })
})
