// Types of scripts/varnish.mjs, for the edge cache test's support (tests/support/varnish.ts) and the benchmark (bench/edge.ts).
export declare const varnishd: string
export declare function hasVarnish(): boolean
export declare function ensureVarnish(log?: (line: string) => void): boolean
export declare function shippedVcl(ports: { content: number; render: readonly [number, number] }): string
