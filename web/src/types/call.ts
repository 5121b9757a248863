import type { components, operations } from './api'

/** The calls of the server's catalogue, by name (`adminUserIndex`, …). */
export type CallName = keyof operations

type Answer<C extends CallName> = operations[C]['responses'][200]['content']['application/json']

/** What a call answers in the envelope's `data` once the client has unwrapped it. */
export type CallData<C extends CallName> = NonNullable<Answer<C>['data']>

export type Schema<N extends keyof components['schemas']> = components['schemas'][N]

type Body<C extends CallName> = NonNullable<operations[C]['requestBody']>

/** Reads take their arguments as query parameters; the document gives them no request body. */
export type GetCall = { [C in CallName]: [Body<C>] extends [never] ? C : never }[CallName]
/** Writes (and the few reads the spec makes POST) take a JSON or form body. */
export type PostCall = Exclude<CallName, GetCall>

type Query<C extends CallName> = NonNullable<NonNullable<operations[C]['parameters']>['query']>

/** The arguments a call declares, as the document types them. */
type Declared<C extends CallName> = C extends GetCall
  ? [Query<C>] extends [never]
    ? Record<string, never>
    : Query<C>
  : Body<C> extends { content: { 'application/json': infer B } }
    ? B
    : never

/**
 * One argument as the client may send it: the server reads text fields from numbers as well
 * (`Text`), so ids and counts travel as the numbers the UI holds, and an enum's value (a file
 * tag, seconds) as the text a select or the URL holds; null, undefined and '' are left out by
 * the client. Structured fields (a suit's entries) keep their declared shape.
 */
type Loose<T> = [Exclude<T, null | undefined>] extends [string | number]
  ? string | number | null | undefined
  : T | undefined

/**
 * The arguments of a call by name: only the fields the call declares, each optional (the server
 * answers a missing required field with its own message). A call whose document says nothing of
 * its body (`unknown`) takes any fields.
 */
export type CallArgs<C extends CallName> =
  unknown extends Declared<C> ? Record<string, unknown> : { [K in keyof Declared<C>]?: Loose<Declared<C>[K]> }

/** The names of a call's arguments. */
export type ArgName<C extends CallName> = Extract<keyof CallArgs<C>, string>

/**
 * A call's arguments where a screen always sends some of them (`R`): the document leaves every
 * argument optional (the server answers a missing one with its own message), the screen's type
 * says which it never leaves out. Names and the rest come from the document, as in CallArgs.
 */
export type CallArgsWith<C extends CallName, R extends ArgName<C>> = CallArgs<C> & { [K in R]-?: NonNullable<CallArgs<C>[K]> }

/**
 * A call's arguments as text, the way a URL keeps them: every argument the call declares,
 * each optional but `R`.
 */
export type TextArgs<C extends CallName, R extends ArgName<C> = never> = { [K in Exclude<ArgName<C>, R>]?: string } & { [K in R]: string }

/**
 * A list call's filters as a screen and its URL keep them: the page and its size as numbers,
 * every other argument of the call as text (an empty filter is left out).
 */
export type ListFilters<C extends CallName> = { page: number; limit: number } & {
  [K in Exclude<ArgName<C>, 'page' | 'limit'>]?: string
}

/** The same filters without the page, as an export of the whole filtered list takes them. */
export type ExportFilters<C extends CallName> = Omit<ListFilters<C>, 'page' | 'limit'>
