// Types of scripts/precompress.mjs, which `npm run build` runs with plain Node.

export declare const compressibleExtensions: ReadonlySet<string>
export declare const minBytes: number
export declare function compressCopies(plain: Buffer): Promise<{ br: Buffer; gz: Buffer }>
export declare function precompress(dir: string): Promise<Array<{ file: string; plain: number; br: number; gz: number }>>
