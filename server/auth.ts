// Users, sessions and API tokens, kept in their own SQLite file apart from the content dataset.
// Tokens are random and stored only as SHA-256 hashes; passwords as scrypt hashes.

import Database from 'better-sqlite3'
import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import { ApiError, httpError } from './errors.ts'

export type Role = 'admin' | 'editor' | 'viewer'
export const roles: readonly Role[] = ['admin', 'editor', 'viewer']
/** Who may write to the content dataset. */
export const writerRoles: ReadonlySet<Role> = new Set(['admin', 'editor'])

export interface User {
  id: string
  email: string
  role: Role
}

export interface Principal {
  /** The user behind a session, or a robot identity for API tokens. */
  id: string
  email: string | null
  role: Role
  tokenKind: 'session' | 'robot'
  expiresAt: string | null
}

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 }

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)))
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, SCRYPT.keyLength, SCRYPT)
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) })
  return timingSafeEqual(key, expected)
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export interface AuthOptions {
  sessionTtlSeconds?: number
  /** Failed sign-ins for one email from one address before the first lock-out. */
  maxFailures?: number
  /** First lock-out; doubles with each further failure, up to an hour. */
  lockoutSeconds?: number
  now?: () => number
}

export class Auth {
  readonly db: Database.Database
  private readonly ttl: number
  private readonly maxFailures: number
  private readonly lockout: number
  private readonly now: () => number
  private readonly sql

  constructor(dataDir: string, options: AuthOptions = {}) {
    this.db = new Database(join(dataDir, 'auth.db'))
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('synchronous = FULL')
    this.db.pragma('busy_timeout = 5000')
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS users (
        id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, role TEXT NOT NULL,
        password_hash TEXT NOT NULL, created_at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS tokens (
        hash TEXT PRIMARY KEY, kind TEXT NOT NULL, user_id TEXT, role TEXT NOT NULL, label TEXT,
        created_at INTEGER NOT NULL, expires_at INTEGER, revoked_at INTEGER
      );
      CREATE TABLE IF NOT EXISTS login_failures (
        email TEXT NOT NULL COLLATE NOCASE, address TEXT NOT NULL, failures INTEGER NOT NULL,
        locked_until INTEGER NOT NULL, PRIMARY KEY (email, address)
      );
    `)
    this.ttl = options.sessionTtlSeconds ?? 12 * 60 * 60
    this.maxFailures = options.maxFailures ?? 5
    this.lockout = options.lockoutSeconds ?? 30
    this.now = options.now ?? Date.now
    this.sql = {
      userByEmail: this.db.prepare('SELECT id, email, role, password_hash FROM users WHERE email = ?'),
      userById: this.db.prepare('SELECT id, email, role FROM users WHERE id = ?'),
      insertUser: this.db.prepare('INSERT INTO users (id, email, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?)'),
      updatePassword: this.db.prepare('UPDATE users SET password_hash = ?, role = ? WHERE id = ?'),
      countUsers: this.db.prepare('SELECT count(*) FROM users').pluck(),
      listUsers: this.db.prepare('SELECT id, email, role FROM users ORDER BY email'),
      insertToken: this.db.prepare('INSERT INTO tokens (hash, kind, user_id, role, label, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      token: this.db.prepare('SELECT kind, user_id, role, label, expires_at, revoked_at FROM tokens WHERE hash = ?'),
      revoke: this.db.prepare('UPDATE tokens SET revoked_at = ? WHERE hash = ? AND revoked_at IS NULL'),
      failures: this.db.prepare('SELECT failures, locked_until FROM login_failures WHERE email = ? AND address = ?'),
      recordFailure: this.db.prepare(`INSERT INTO login_failures (email, address, failures, locked_until) VALUES (?, ?, 1, 0)
        ON CONFLICT (email, address) DO UPDATE SET failures = failures + 1`),
      lock: this.db.prepare('UPDATE login_failures SET locked_until = ? WHERE email = ? AND address = ?'),
      clearFailures: this.db.prepare('DELETE FROM login_failures WHERE email = ? AND address = ?'),
    }
  }

  userCount(): number {
    return this.sql.countUsers.get() as number
  }

  listUsers(): User[] {
    return this.sql.listUsers.all() as User[]
  }

  /** Creates a user, or sets the password and role of an existing one with that email. */
  async upsertUser(email: string, password: string, role: Role): Promise<User> {
    if (!roles.includes(role)) throw new Error(`Unknown role "${role}"; use one of ${roles.join(', ')}`)
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`"${email}" is not an email address`)
    if (password.length < 8) throw new Error('A password needs at least 8 characters')
    const hash = await hashPassword(password)
    const existing = this.sql.userByEmail.get(email) as (User & { password_hash: string }) | undefined
    if (existing) {
      this.sql.updatePassword.run(hash, role, existing.id)
      return { id: existing.id, email: existing.email, role }
    }
    const id = randomUUID()
    this.sql.insertUser.run(id, email, role, hash, new Date(this.now()).toISOString())
    return { id, email, role }
  }

  /**
   * Checks a sign-in. Throttled per email and client address: after `maxFailures` failures the
   * pair is locked out, for longer with each further failure.
   */
  async login(emailInput: unknown, passwordInput: unknown, address: string): Promise<{ access_token: string; token_type: 'bearer'; expires_in: number; user: User }> {
    if (typeof emailInput !== 'string' || typeof passwordInput !== 'string' || emailInput.trim() === '' || passwordInput === '') {
      throw httpError(400, 'Email and password are required')
    }
    const email = emailInput.trim()
    const now = this.now()
    const record = this.sql.failures.get(email, address) as { failures: number; locked_until: number } | undefined
    if (record && record.locked_until > now) throw this.tooMany(record.locked_until - now)
    const user = this.sql.userByEmail.get(email) as (User & { password_hash: string }) | undefined
    // Verify against a dummy hash when the user is unknown, so timing does not reveal which emails exist.
    const ok = await verifyPassword(passwordInput, user?.password_hash ?? dummyHash)
    if (!user || !ok) {
      this.sql.recordFailure.run(email, address)
      const failures = (record?.failures ?? 0) + 1
      if (failures >= this.maxFailures) {
        const seconds = Math.min(this.lockout * 2 ** (failures - this.maxFailures), 3600)
        this.sql.lock.run(now + seconds * 1000, email, address)
        throw this.tooMany(seconds * 1000)
      }
      throw httpError(401, 'Invalid credentials')
    }
    this.sql.clearFailures.run(email, address)
    const token = this.issue('session', user.id, user.role as Role, null, this.ttl)
    return { access_token: token, token_type: 'bearer', expires_in: this.ttl, user: { id: user.id, email: user.email, role: user.role } }
  }

  private tooMany(ms: number): ApiError {
    const seconds = Math.max(1, Math.ceil(ms / 1000))
    const error = httpError(429, `Too many failed sign-in attempts. Try again in ${seconds} seconds.`, { retryAfter: seconds })
    return new ApiError(429, error.body, { 'Retry-After': String(seconds) })
  }

  /** An API token for scripts and integrations (`npm run content -- token create`). */
  createRobotToken(role: Role, label: string | null, ttlSeconds: number | null): string {
    if (!roles.includes(role)) throw new Error(`Unknown role "${role}"; use one of ${roles.join(', ')}`)
    return this.issue('robot', null, role, label, ttlSeconds)
  }

  private issue(kind: 'session' | 'robot', userId: string | null, role: Role, label: string | null, ttlSeconds: number | null): string {
    const token = `sk${randomBytes(32).toString('base64url')}`
    const now = this.now()
    this.sql.insertToken.run(hashToken(token), kind, userId, role, label, now, ttlSeconds === null ? null : now + ttlSeconds * 1000)
    return token
  }

  /**
   * Who holds this bearer token. Throws 401 for an unknown, revoked or expired token (the Content
   * Lake's "Session not found"), so a client can tell a stale session from a missing one.
   */
  authenticate(token: string): Principal {
    const row = this.sql.token.get(hashToken(token)) as
      | { kind: 'session' | 'robot'; user_id: string | null; role: Role; label: string | null; expires_at: number | null; revoked_at: number | null }
      | undefined
    if (!row || row.revoked_at !== null) throw httpError(401, 'Session not found', { errorCode: 'SIO-401-ANF' })
    if (row.expires_at !== null && row.expires_at <= this.now()) throw httpError(401, 'Session expired', { errorCode: 'SIO-401-EXP' })
    if (row.kind === 'session') {
      const user = this.sql.userById.get(row.user_id) as User | undefined
      if (!user) throw httpError(401, 'Session not found', { errorCode: 'SIO-401-ANF' })
      return { id: user.id, email: user.email, role: user.role, tokenKind: 'session', expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString() }
    }
    return {
      id: `robot:${hashToken(token).slice(0, 12)}`,
      email: null,
      role: row.role,
      tokenKind: 'robot',
      expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    }
  }

  revoke(token: string): void {
    this.sql.revoke.run(this.now(), hashToken(token))
  }

  close(): void {
    this.db.close()
  }
}

// A fixed, valid scrypt hash of a random password, only ever compared against.
const dummyHash = `scrypt$16384$8$1$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`
