// What the machines' model-based tests share (docs/decisions/003-model-based-tests.md): the model
// xstate/graph walks, the typed gesture table, fake effects the test settles, and the loop that
// turns each generated path into a test. Each test keeps its own gestures, candidate events and
// assertions of what a person sees; only the scaffolding around them lives here.

import { fromCallback, fromPromise, type ActorLogic, type AnyEventObject, type AnyMachineSnapshot, type EventObject } from 'xstate'
import { TestModel, type TestParam, type TestPath } from 'xstate/graph'
import { afterEach, beforeEach, it, vi } from 'vitest'

/** How the test makes one event happen: a person's gesture, the outside world answering, time passing. */
export type Gesture<System> = (system: System, event: AnyEventObject) => Promise<void>

/**
 * A gesture for every event a machine takes from outside. Written with `satisfies Gestures<System,
 * Event>`, so an event added to the machine without a gesture fails to compile.
 */
export type Gestures<System, Event extends { type: string }> = Record<Event['type'], Gesture<System>>

/** The gesture for an event, or none when it is one of the machine's internal events. */
export function gestureFor<System>(gestures: Readonly<Record<string, Gesture<System>>>, event: AnyEventObject): Gesture<System> | undefined {
  return Object.hasOwn(gestures, event.type) ? gestures[event.type] : undefined
}

/** A call to the outside world that waits until the test answers it. */
export interface Pending<Output, Input = unknown> {
  input: Input
  resolve: (value: Output) => void
  reject: (error: unknown) => void
}

/** A promise actor whose every call waits in `queue` for the test to settle it. */
export function pendingActor<Output, Input = unknown>(queue: Array<Pending<Output, Input>>) {
  return fromPromise<Output, Input>(({ input }) => new Promise<Output>((resolve, reject) => queue.push({ input, resolve, reject })))
}

/** Where a fake listen stream is held while the machine listens (null once it stops listening). */
export interface ListenStream<E extends EventObject> {
  sendBack: ((event: E) => void) | null
}

/** The `listen` actor of a machine that listens (the feed, the live blog): the test speaks through `stream`. */
export function listenInto<E extends EventObject>(stream: ListenStream<E>) {
  return fromCallback<E>(({ sendBack }) => {
    stream.sendBack = sendBack
    return () => {
      stream.sendBack = null
    }
  })
}

/** The stream says `event`; the machine must be listening. */
export function speak<E extends EventObject>(stream: ListenStream<E>, event: E): void {
  if (!stream.sendBack) throw new Error(`No listen stream is open to send ${event.type}`)
  stream.sendBack(event)
}

/** The candidate events a state takes; a machine that is done takes none. */
export function offered<E extends EventObject>(candidates: readonly AnyEventObject[], snapshot: AnyMachineSnapshot): E[] {
  if (snapshot.status === 'done') return []
  return candidates.filter((event) => snapshot.can(event)) as E[]
}

export interface ModelOptions<S extends AnyMachineSnapshot, I> {
  input?: I
  /**
   * Every event the walk may take: the outside ones, and the internal ones (`xstate.done.actor.*`,
   * `xstate.error.actor.*`, `xstate.after.*`) the traversal cannot fire by itself.
   */
  candidates: readonly AnyEventObject[]
  /** What tells two states apart: the state value and whatever of the context the assertions read. */
  serializeState: (snapshot: S) => string
  serializeEvent?: (event: AnyEventObject) => string
}

/**
 * The model of a machine that invokes actors and waits on delays. `createTestModel` refuses such
 * machines; `TestModel` is the same model without that check, given the internal events explicitly.
 */
export function modelOf<S extends AnyMachineSnapshot, E extends EventObject, I>(
  machine: ActorLogic<S, E, I>,
  { input, candidates, serializeState, serializeEvent }: ModelOptions<S, I>,
): TestModel<S, E, I> {
  return new TestModel<S, E, I>(machine, {
    ...(input === undefined ? {} : { input: input as I }),
    // The plain TestModel matches only '*'; match state keys the way createTestModel does.
    stateMatcher: (snapshot, key) => snapshot.matches(key as never),
    events: (snapshot) => offered<E>(candidates, snapshot),
    serializeState,
    ...(serializeEvent ? { serializeEvent: serializeEvent as (event: E) => string } : {}),
  })
}

/** Every state value a set of paths passes through, as JSON, for the "reaches every state" tests. */
export function reachedStates<S extends AnyMachineSnapshot, E extends EventObject>(paths: ReadonlyArray<TestPath<S, E>>): Set<string> {
  return new Set(paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]).map((state) => JSON.stringify(state.value)))
}

export interface EachPath<S extends AnyMachineSnapshot, E extends EventObject> {
  /** A step's name in the test's title. */
  describeEvent: (event: E) => string
  /** The test's title, from the names of its steps (the start left out). */
  title: (steps: string[], path: TestPath<S, E>) => string
  /** Runs the real machine along the path, usually through `walk`. */
  test: (path: TestPath<S, E>) => Promise<void>
  timeout?: number
}

/** One test per generated path. */
export function itFollowsEachPath<S extends AnyMachineSnapshot, E extends EventObject>(paths: ReadonlyArray<TestPath<S, E>>, { describeEvent, title, test, timeout }: EachPath<S, E>): void {
  for (const path of paths) {
    const steps = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init').map(describeEvent)
    it(title(steps, path), () => test(path), timeout)
  }
}

export interface Walk<S extends AnyMachineSnapshot> {
  candidates: readonly AnyEventObject[]
  /** What a person sees, checked in every state of the path that matches a key. */
  states: Record<string, (snapshot: S) => void | Promise<void>>
  /** Makes the step's event happen; `before` is the state the step starts from. */
  perform: (event: AnyEventObject, before: S) => Promise<void>
}

/** Walks a path: each step's event performed for real, then that state's assertions. */
export async function walk<S extends AnyMachineSnapshot, E extends EventObject>(path: TestPath<S, E>, { candidates, states, perform }: Walk<S>): Promise<void> {
  let before = path.steps[0]!.state
  // Keyed by the candidates' types, which TypeScript cannot relate to a generic machine's events.
  const events = Object.fromEntries(
    candidates.map((candidate) => [
      candidate.type,
      async (step: { event: AnyEventObject; state: S }) => {
        await perform(step.event, before)
        before = step.state
      },
    ]),
  ) as unknown as TestParam<S, E>['events']
  await path.test({ states, events })
}

/** Fake timers in every test of the file: the delays the model fires are advanced by hand. */
export function fakeTimersInEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}
