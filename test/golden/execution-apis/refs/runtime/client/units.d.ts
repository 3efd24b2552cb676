/**
* Amounts between their smallest unit (a `bigint`, as the client returns them) and exact decimal strings, as
* viem's formatUnits/parseUnits: no floating point anywhere, so `parseUnits(formatUnits(x, d), d) === x`.
* The native token counts in nNATIVE (9 decimals); the EVM chain in wei (gwei: 9 decimals, ether: 18).
*/
/** Decimals of the native token: 1 NATIVE is 10^9 nNATIVE. */
export declare const NATIVE_DECIMALS = 9;
/** Decimals of the EVM units against wei. */
export declare const EVM_UNITS: {
	readonly wei: 0;
	readonly gwei: 9;
	readonly ether: 18;
};
/** A bad amount or decimals count given to a unit helper; the message says what is wrong. */
export declare class UnitError extends RangeError {
	override readonly name = "UnitError";
}
/**
* `value` smallest units as a decimal string of whole units: `formatUnits(1500000000n, 9)` is `"1.5"`.
* No trailing zeros, no exponent, a `-` for a negative value.
*/
export declare function formatUnits(value: bigint, decimals: number): string;
/**
* A decimal string of whole units as smallest units: `parseUnits('1.5', 9)` is `1500000000n`. Exact: a value
* with more fraction digits than `decimals` is refused, never rounded.
*/
export declare function parseUnits(value: string, decimals: number): bigint;
/** nNATIVE as a decimal string of NATIVE: `formatNative(1500000000n)` is `"1.5"`. */
export declare const formatNative: (nNative: bigint) => string;
/** A decimal string of NATIVE as nNATIVE: `parseNative('1.5')` is `1500000000n`. */
export declare const parseNative: (native: string) => bigint;
/** wei as a decimal string of ether. */
export declare const formatEther: (wei: bigint) => string;
/** A decimal string of ether as wei. */
export declare const parseEther: (ether: string) => bigint;
/** wei as a decimal string of gwei. */
export declare const formatGwei: (wei: bigint) => string;
/** A decimal string of gwei as wei. */
export declare const parseGwei: (gwei: string) => bigint;
