export declare function jsonEqual(a: unknown, b: unknown): boolean;
