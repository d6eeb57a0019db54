// What the admin's rules need of the content service: the few calls they make, as narrow
// interfaces. The signed-in editor's @sanity/client satisfies them structurally (tsc checks it
// where the routes pass it in), so these rules and their tests never depend on the client library;
// only src/content/clients/ does.

type QueryParams = Record<string, unknown>

/** Runs a GROQ query; the caller names the result's shape, as the client's own `fetch` lets it. */
export type Fetch = <T>(query: string, params?: QueryParams) => Promise<T>

/** A client that answers queries. */
export interface QueryClient {
  fetch<T>(query: string, params?: QueryParams): Promise<T>
}

/** A transaction that deletes documents, all or none. */
export interface DeleteTransaction {
  delete(id: string): DeleteTransaction
  commit(): Promise<unknown>
}

/** A client that deletes documents in one transaction. */
export interface DeletingClient {
  transaction(): DeleteTransaction
}

/** What an upload reports: its progress, then the stored asset. */
export type UploadEvent = { type: 'progress'; stage: string; percent: number } | { type: 'response'; body: { document: { _id: string } } }

/** A client that uploads images to the service's assets, reporting as it goes. */
export interface ImageUploadingClient {
  observable: {
    assets: {
      upload(
        assetType: 'image',
        body: File,
        options: { filename: string },
      ): { subscribe(observer: { next: (event: UploadEvent) => void; error: (error: unknown) => void }): unknown }
    }
  }
}
