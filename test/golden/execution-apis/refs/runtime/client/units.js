/**
* Amounts between their smallest unit (a `bigint`, as the client returns them) and exact decimal strings, as
* viem's formatUnits/parseUnits: no floating point anywhere, so `parseUnits(formatUnits(x, d), d) === x`.
* The native token counts in nNATIVE (9 decimals); the EVM chain in wei (gwei: 9 decimals, ether: 18).
*/
/** Decimals of the native token: 1 NATIVE is 10^9 nNATIVE. */
export const NATIVE_DECIMALS = 9;
/** Decimals of the EVM units against wei. */
export const EVM_UNITS = {
	wei: 0,
	gwei: 9,
	ether: 18
};
/** A bad amount or decimals count given to a unit helper; the message says what is wrong. */
export class UnitError extends RangeError {
	name = "UnitError";
}
function checkDecimals(decimals) {
	if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw new UnitError(`decimals must be a whole number from 0 to 255, got ${decimals}`);
}
/**
* `value` smallest units as a decimal string of whole units: `formatUnits(1500000000n, 9)` is `"1.5"`.
* No trailing zeros, no exponent, a `-` for a negative value.
*/
export function formatUnits(value, decimals) {
	if (typeof value !== "bigint") throw new UnitError(`the value must be a bigint (smallest units), got ${typeof value} ${String(value)}`);
	checkDecimals(decimals);
	const negative = value < 0n;
	const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
	const whole = digits.slice(0, digits.length - decimals);
	const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
	return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/**
* A decimal string of whole units as smallest units: `parseUnits('1.5', 9)` is `1500000000n`. Exact: a value
* with more fraction digits than `decimals` is refused, never rounded.
*/
export function parseUnits(value, decimals) {
	if (typeof value !== "string") throw new UnitError(`the amount must be a decimal string such as "1.5", got ${typeof value} ${String(value)}`);
	checkDecimals(decimals);
	const m = DECIMAL.exec(value.trim());
	if (!m) throw new UnitError(`"${value}" is not a decimal amount: write digits with at most one "." (such as "1.5"), no exponent, no separators`);
	const [, sign, whole, fraction = ""] = m;
	const kept = fraction.replace(/0+$/, "");
	if (kept.length > decimals) throw new UnitError(`"${value}" has ${kept.length} digits after the point; this unit has ${decimals}, so the smallest step is ${formatUnits(1n, decimals)}`);
	const units = BigInt(whole) * 10n ** BigInt(decimals) + (kept ? BigInt(kept.padEnd(decimals, "0")) : 0n);
	return sign ? -units : units;
}
/** nNATIVE as a decimal string of NATIVE: `formatNative(1500000000n)` is `"1.5"`. */
export const formatNative = (nNative) => formatUnits(nNative, NATIVE_DECIMALS);
/** A decimal string of NATIVE as nNATIVE: `parseNative('1.5')` is `1500000000n`. */
export const parseNative = (native) => parseUnits(native, NATIVE_DECIMALS);
/** wei as a decimal string of ether. */
export const formatEther = (wei) => formatUnits(wei, EVM_UNITS.ether);
/** A decimal string of ether as wei. */
export const parseEther = (ether) => parseUnits(ether, EVM_UNITS.ether);
/** wei as a decimal string of gwei. */
export const formatGwei = (wei) => formatUnits(wei, EVM_UNITS.gwei);
/** A decimal string of gwei as wei. */
export const parseGwei = (gwei) => parseUnits(gwei, EVM_UNITS.gwei);
