// Users, sessions and API tokens, kept in their own SQLite file apart from the content dataset.
// Tokens are random and stored only as SHA-256 hashes; passwords as scrypt hashes.

import Database from 'better-sqlite3'
import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import { maxPasswordLength, minPasswordLength, roles, type Role } from '../../shared/roles.ts'
import { emailAddressMessage, isEmailAddress } from '../../shared/newsroom.ts'
import { ApiError, httpError } from '../errors.ts'


export interface User {
  id: string
  email: string
  role: Role
}

/** A user as the People page lists them. */
export interface Person extends User {
  createdAt: string
  /** When they last signed in, while the record of it is kept (expired sessions are kept too); null if never. */
  lastSignInAt: string | null
  /** Sessions that are signed in now. */
  activeSessions: number
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
  /** First lock-out; doubles with each further failure, up to `maxLockoutSeconds`. */
  lockoutSeconds?: number
  /**
   * Failed sign-ins from one address, whatever the emails, before the address is locked out (the
   * defence against trying one password on many accounts). 0 turns it off.
   */
  maxFailuresPerAddress?: number
  /** First lock-out of an address; doubles with each further failure, up to `maxLockoutSeconds`. */
  addressLockoutSeconds?: number
  /** An address's failures are forgotten once it has had none for this long. */
  addressWindowSeconds?: number
  /** The longest lock-out, of an email or an address. */
  maxLockoutSeconds?: number
  /** Addresses remembered at most (the oldest go first), so a flood from many addresses stays bounded. */
  maxAddressRecords?: number
  now?: () => number
}

/**
 * The key an address is counted under: IPv4 addresses as they are (IPv4-mapped IPv6 included),
 * IPv6 addresses by their /64, since one host is routinely handed a whole /64 to pick from.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const bare = address.split('%')[0]!.toLowerCase()
  const halves = bare.split('::')
  if (halves.length > 2) return address
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) fills two groups.
  const groups = (part: string | undefined): string[] => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [])
  const head = groups(halves[0])
  const tail = groups(halves[1])
  const full = halves.length === 2 ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail] : head
  const prefix = full.slice(0, 4).map((g) => parseInt(g, 16))
  if (full.length !== 8 || prefix.some((n) => !Number.isInteger(n) || n < 0 || n > 0xffff)) return address
  return `${prefix.map((n) => n.toString(16)).join(':')}::/64`
}

export class Auth {
  readonly db: Database.Database
  private readonly ttl: number
  private readonly maxFailures: number
  private readonly lockout: number
  private readonly maxPerAddress: number
  private readonly addressLockout: number
  private readonly addressWindowMs: number
  private readonly maxLockout: number
  private readonly maxAddressRecords: number
  private readonly now: () => number
  private readonly sql
  // Sign-ins still being checked, by email-and-address and by address. A burst sent at once would
  // otherwise all pass the lock-out check before the first failure is written, and each would get
  // its password tried; counting them as failures-to-be keeps the limits exact.
  private readonly pending = new Map<string, number>()
  private prunes = 0

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
      CREATE TABLE IF NOT EXISTS login_address_failures (
        address TEXT PRIMARY KEY, failures INTEGER NOT NULL, locked_until INTEGER NOT NULL, last_failure INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS login_address_failures_by_last ON login_address_failures (last_failure);
    `)
    this.ttl = options.sessionTtlSeconds ?? 12 * 60 * 60
    this.maxFailures = options.maxFailures ?? 5
    this.lockout = options.lockoutSeconds ?? 30
    this.maxPerAddress = options.maxFailuresPerAddress ?? 20
    this.addressLockout = options.addressLockoutSeconds ?? 60
    // Longer than the longest lock-out, so waiting one out does not also wipe the slate.
    this.addressWindowMs = (options.addressWindowSeconds ?? 24 * 60 * 60) * 1000
    this.maxLockout = options.maxLockoutSeconds ?? 3600
    this.maxAddressRecords = options.maxAddressRecords ?? 100_000
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
      people: this.db.prepare(`SELECT u.id, u.email, u.role, u.created_at AS createdAt,
          (SELECT max(created_at) FROM tokens t WHERE t.user_id = u.id AND t.kind = 'session') AS lastSignIn,
          (SELECT count(*) FROM tokens t WHERE t.user_id = u.id AND t.kind = 'session' AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > @now)) AS activeSessions
        FROM users u ORDER BY u.email`),
      countAdmins: this.db.prepare("SELECT count(*) FROM users WHERE role = 'admin'").pluck(),
      setRole: this.db.prepare('UPDATE users SET role = ? WHERE id = ?'),
      setPassword: this.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?'),
      deleteUser: this.db.prepare('DELETE FROM users WHERE id = ?'),
      revokeUser: this.db.prepare("UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND kind = 'session' AND revoked_at IS NULL AND hash IS NOT ?"),
      failures: this.db.prepare('SELECT failures, locked_until FROM login_failures WHERE email = ? AND address = ?'),
      recordFailure: this.db.prepare(`INSERT INTO login_failures (email, address, failures, locked_until) VALUES (?, ?, 1, 0)
        ON CONFLICT (email, address) DO UPDATE SET failures = failures + 1`),
      lock: this.db.prepare('UPDATE login_failures SET locked_until = ? WHERE email = ? AND address = ?'),
      clearFailures: this.db.prepare('DELETE FROM login_failures WHERE email = ? AND address = ?'),
      addressFailures: this.db.prepare('SELECT failures, locked_until, last_failure FROM login_address_failures WHERE address = ?'),
      recordAddressFailure: this.db
        .prepare(`INSERT INTO login_address_failures (address, failures, locked_until, last_failure) VALUES (@address, 1, 0, @now)
          ON CONFLICT (address) DO UPDATE SET failures = CASE WHEN last_failure < @forgetBefore THEN 1 ELSE failures + 1 END, last_failure = @now
          RETURNING failures`)
        .pluck(),
      lockAddress: this.db.prepare('UPDATE login_address_failures SET locked_until = ? WHERE address = ?'),
      pruneAddresses: this.db.prepare('DELETE FROM login_address_failures WHERE last_failure < ? AND locked_until < ?'),
      trimAddresses: this.db.prepare(
        'DELETE FROM login_address_failures WHERE address IN (SELECT address FROM login_address_failures ORDER BY last_failure DESC LIMIT -1 OFFSET ?)',
      ),
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
    if (!isEmailAddress(email)) throw new Error(`"${email}" is not an email address`)
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

  /** Everyone who may sign in, by email, with when they last did and how many sessions they have open. */
  people(): Person[] {
    const rows = this.sql.people.all({ now: this.now() }) as Array<User & { createdAt: string; lastSignIn: number | null; activeSessions: number }>
    return rows.map(({ lastSignIn, ...row }) => ({ ...row, lastSignInAt: lastSignIn === null ? null : new Date(lastSignIn).toISOString() }))
  }

  /** A new user (the People page); 409 when the email is taken. Input is checked as the page's form checks it. */
  async addPerson(emailInput: unknown, roleInput: unknown, passwordInput: unknown): Promise<User> {
    const email = checkEmail(emailInput)
    const role = checkRole(roleInput)
    const hash = await hashPassword(checkPassword(passwordInput))
    if (this.sql.userByEmail.get(email)) throw httpError(409, `${email} can already sign in`)
    const id = randomUUID()
    try {
      this.sql.insertUser.run(id, email, role, hash, new Date(this.now()).toISOString())
    } catch (error) {
      // Added by someone else while the password was hashed.
      if (error instanceof Error && /UNIQUE/.test(error.message)) throw httpError(409, `${email} can already sign in`)
      throw error
    }
    return { id, email, role }
  }

  /** Changes a user's role, at once for their open sessions too; the last admin stays an admin. */
  changeRole(id: string, roleInput: unknown): User {
    const role = checkRole(roleInput)
    return this.db.transaction(() => {
      const user = this.person(id)
      if (user.role === 'admin' && role !== 'admin' && this.adminCount() === 1) throw httpError(409, 'The last admin cannot stop being an admin: make someone else an admin first')
      this.sql.setRole.run(role, id)
      return { ...user, role }
    })()
  }

  /**
   * Sets a user's password and ends their sessions, so whoever knew the old one is signed out. The
   * session making the change (`keepToken`) stays signed in.
   */
  async resetPassword(id: string, passwordInput: unknown, keepToken: string | null): Promise<User> {
    const hash = await hashPassword(checkPassword(passwordInput))
    return this.db.transaction(() => {
      const user = this.person(id)
      this.sql.setPassword.run(hash, id)
      this.sql.revokeUser.run(this.now(), id, keepToken === null ? null : hashToken(keepToken))
      return user
    })()
  }

  /** Ends every session of a user at once (their next request gets 401), but `keepToken`'s; how many ended. */
  endSessions(id: string, keepToken: string | null): number {
    this.person(id)
    return this.sql.revokeUser.run(this.now(), id, keepToken === null ? null : hashToken(keepToken)).changes
  }

  /** Removes a user and ends their sessions; never the one asking, nor the last admin. */
  removePerson(id: string, askedBy: string): User {
    if (id === askedBy) throw httpError(409, 'You cannot remove yourself: ask another admin')
    return this.db.transaction(() => {
      const user = this.person(id)
      if (user.role === 'admin' && this.adminCount() === 1) throw httpError(409, 'The last admin cannot be removed')
      this.sql.revokeUser.run(this.now(), id, null)
      this.sql.deleteUser.run(id)
      return user
    })()
  }

  private person(id: string): User {
    const user = this.sql.userById.get(id) as User | undefined
    if (!user) throw httpError(404, 'No such user')
    return user
  }

  private adminCount(): number {
    return this.sql.countAdmins.get() as number
  }

  /**
   * Checks a sign-in. Throttled per email and client address: after `maxFailures` failures the
   * pair is locked out, for longer with each further failure. And per address alone: after
   * `maxFailuresPerAddress` failures from one address, whatever the emails, the address is locked
   * out the same way, so one password cannot be tried on account after account.
   */
  async login(emailInput: unknown, passwordInput: unknown, address: string): Promise<{ access_token: string; token_type: 'bearer'; expires_in: number; user: User }> {
    if (typeof emailInput !== 'string' || typeof passwordInput !== 'string' || emailInput.trim() === '' || passwordInput === '') {
      throw httpError(400, 'Email and password are required')
    }
    const email = emailInput.trim()
    const now = this.now()
    const source = addressKey(address)
    const byAddress = this.maxPerAddress > 0 ? (this.sql.addressFailures.get(source) as { failures: number; locked_until: number; last_failure: number } | undefined) : undefined
    if (byAddress && byAddress.locked_until > now) throw this.tooMany(byAddress.locked_until - now)
    const record = this.sql.failures.get(email, address) as { failures: number; locked_until: number } | undefined
    if (record && record.locked_until > now) throw this.tooMany(record.locked_until - now)
    const pairKey = `${email.toLowerCase()}\u0000${address}`
    const addressFailures = byAddress && byAddress.last_failure >= now - this.addressWindowMs ? byAddress.failures : 0
    if (this.crowded(record?.failures ?? 0, pairKey, this.maxFailures) || (this.maxPerAddress > 0 && this.crowded(addressFailures, source, this.maxPerAddress))) {
      // As many attempts are in flight as may yet fail; this one waits for their answers.
      throw this.tooMany(1000)
    }
    this.hold(pairKey, 1)
    this.hold(source, 1)
    let user: (User & { password_hash: string }) | undefined
    let ok: boolean
    try {
      user = this.sql.userByEmail.get(email) as (User & { password_hash: string }) | undefined
      // Verify against a dummy hash when the user is unknown, so timing does not reveal which emails exist.
      ok = await verifyPassword(passwordInput, user?.password_hash ?? dummyHash)
    } finally {
      this.hold(pairKey, -1)
      this.hold(source, -1)
    }
    if (!user || !ok) {
      const at = this.now()
      this.sql.recordFailure.run(email, address)
      const failures = (record?.failures ?? 0) + 1
      let lockedMs = 0
      if (failures >= this.maxFailures) {
        const seconds = Math.min(this.lockout * 2 ** (failures - this.maxFailures), this.maxLockout)
        this.sql.lock.run(at + seconds * 1000, email, address)
        lockedMs = seconds * 1000
      }
      if (this.maxPerAddress > 0) lockedMs = Math.max(lockedMs, this.recordAddressFailure(source, at))
      if (lockedMs > 0) throw this.tooMany(lockedMs)
      throw httpError(401, 'Invalid credentials')
    }
    this.sql.clearFailures.run(email, address)
    const token = this.issue('session', user.id, user.role as Role, null, this.ttl)
    return { access_token: token, token_type: 'bearer', expires_in: this.ttl, user: { id: user.id, email: user.email, role: user.role } }
  }

  /** Counts a failure against an address; the lock-out it earns in ms, or 0. */
  private recordAddressFailure(source: string, at: number): number {
    const failures = this.sql.recordAddressFailure.get({ address: source, now: at, forgetBefore: at - this.addressWindowMs }) as number
    this.pruneAddresses(at)
    if (failures < this.maxPerAddress) return 0
    const seconds = Math.min(this.addressLockout * 2 ** (failures - this.maxPerAddress), this.maxLockout)
    this.sql.lockAddress.run(at + seconds * 1000, source)
    return seconds * 1000
  }

  private pruneAddresses(at: number): void {
    this.sql.pruneAddresses.run(at - this.addressWindowMs, at)
    // Counting the table is the costly part, so the hard cap is enforced now and then.
    if (++this.prunes % 100 === 0) this.sql.trimAddresses.run(this.maxAddressRecords)
  }

  /** Whether attempts in flight could, all failing, reach the limit. */
  private crowded(failures: number, key: string, limit: number): boolean {
    const pending = this.pendingFor(key)
    return pending > 0 && failures + pending >= limit
  }

  private pendingFor(key: string): number {
    return this.pending.get(key) ?? 0
  }

  private hold(key: string, delta: number): void {
    const n = this.pendingFor(key) + delta
    if (n > 0) this.pending.set(key, n)
    else this.pending.delete(key)
  }

  private tooMany(ms: number): ApiError {
    const seconds = Math.max(1, Math.ceil(ms / 1000))
    const error = httpError(429, `Too many failed sign-in attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`, { retryAfter: seconds })
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


function checkEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim() : ''
  if (!isEmailAddress(email)) throw httpError(400, emailAddressMessage)
  return email
}

function checkRole(value: unknown): Role {
  if (!roles.includes(value as Role)) throw httpError(400, `The role must be one of ${roles.join(', ')}`)
  return value as Role
}

function checkPassword(value: unknown): string {
  if (typeof value !== 'string' || value.length < minPasswordLength) throw httpError(400, `A password needs at least ${minPasswordLength} characters`)
  if (value.length > maxPasswordLength) throw httpError(400, `A password may have at most ${maxPasswordLength} characters`)
  return value
}

// A fixed, valid scrypt hash of a random password, only ever compared against.
const dummyHash = `scrypt$16384$8$1$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`
