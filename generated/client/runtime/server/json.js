/**
* JSON text helpers the server needs beyond `JSON.parse`: a depth check that never recurses, a scanner that
* reports syntax errors the way Go's `encoding/json` decoder words them (node-compatible mode), the raw text
* of request ids (so an id is echoed exactly, even one no JS number can hold), and Go's output escaping.
* Every loop here is iterative: a hostile body can neither overflow the stack nor make the work superlinear.
*/
const QUOTE = 34;
const BACKSLASH = 92;
/**
* Whether a parsed JSON value nests arrays/objects deeper than `max`. It stops at the first node past the
* limit, so a hostile value costs no more than `max` levels of a walk. (V8's JSON.parse is itself iterative:
* parsing first is safe, and far faster than scanning the text.) Recursive up to a limit of 256 levels, which
* no stack minds and which allocates nothing; iterative above it.
*/
export function valueDepthExceeds(value, max) {
	if (value === null || typeof value !== "object") return false;
	return max <= 256 ? deeper(value, 1, max) : deeperIterative(value, max);
}
function deeper(node, depth, max) {
	if (depth > max) return true;
	if (Array.isArray(node)) {
		for (let i = 0; i < node.length; i++) {
			const child = node[i];
			if (typeof child === "object" && child !== null && deeper(child, depth + 1, max)) return true;
		}
		return false;
	}
	for (const key in node) {
		if (!hasOwn(node, key)) continue;
		const child = node[key];
		if (typeof child === "object" && child !== null && deeper(child, depth + 1, max)) return true;
	}
	return false;
}
function deeperIterative(value, max) {
	const stack = [value];
	const depths = [1];
	while (stack.length) {
		const node = stack.pop();
		const depth = depths.pop();
		if (depth > max) return true;
		const children = Array.isArray(node) ? node : Object.values(node);
		for (const child of children) {
			if (child !== null && typeof child === "object") {
				stack.push(child);
				depths.push(depth + 1);
			}
		}
	}
	return false;
}
/** Whether `text` nests arrays/objects deeper than `max` (strings skipped). Linear, no recursion. */
export function depthExceeds(text, max) {
	const n = text.length;
	if (n <= max) return false;
	// Nesting needs an opening bracket per level: a body with few of them (every ordinary request) cannot be
	// too deep, and counting them with indexOf is far cheaper than the scan below.
	let open = 0;
	for (let i = text.indexOf("{"); i !== -1 && open <= max; i = text.indexOf("{", i + 1)) open++;
	for (let i = text.indexOf("["); i !== -1 && open <= max; i = text.indexOf("[", i + 1)) open++;
	if (open <= max) return false;
	let depth = 0;
	for (let i = 0; i < n; i++) {
		const c = text.charCodeAt(i);
		if (c === QUOTE) {
			for (i++; i < n; i++) {
				const d = text.charCodeAt(i);
				if (d === BACKSLASH) i++;
				else if (d === QUOTE) break;
			}
		} else if (c === 123 || c === 91) {
			if (++depth > max) return true;
		} else if (c === 125 || c === 93) {
			depth--;
		}
	}
	return false;
}
function isWs(c) {
	return c === 32 || c === 9 || c === 10 || c === 13;
}
function isDigit(c) {
	return c >= 48 && c <= 57;
}
function isHex(c) {
	return c >= 48 && c <= 57 || c >= 97 && c <= 102 || c >= 65 && c <= 70;
}
/** Go's `strconv.Quote`, for the ASCII and Latin-1 range the node's messages need. */
export function goQuote(s) {
	let out = "\"";
	for (const ch of s) {
		const c = ch.codePointAt(0);
		if (ch === "\"") out += "\\\"";
		else if (ch === "\\") out += "\\\\";
		else if (c === 7) out += "\\a";
		else if (c === 8) out += "\\b";
		else if (c === 12) out += "\\f";
		else if (c === 10) out += "\\n";
		else if (c === 13) out += "\\r";
		else if (c === 9) out += "\\t";
		else if (c === 11) out += "\\v";
		else if (c < 32 || c === 127) out += `\\x${c.toString(16).padStart(2, "0")}`;
		else if (c >= 128 && c <= 160 || c === 173 || c === 65279 || c === 8232 || c === 8233) out += `\\u${c.toString(16).padStart(4, "0")}`;
		else out += ch;
	}
	return `${out}"`;
}
/** Go's `quoteChar` in scanner errors: the offending byte in single quotes. */
function quoteChar(text, i) {
	const ch = text[i];
	if (ch === "'") return "'\\''";
	if (ch === "\"") return `'"'`;
	const code = ch.charCodeAt(0);
	// Go looks at one byte: for a non-ASCII character that is the first byte of its UTF-8 form.
	const byte = code < 128 ? code : new TextEncoder().encode(text.slice(i, i + 2))[0];
	return `'${goQuote(String.fromCharCode(byte)).slice(1, -1)}'`;
}
// Parser states (what the scanner expects next).
const VALUE = 0;
const ARRAY_FIRST = 1;
const OBJECT_FIRST = 2;
const KEY = 3;
const COLON = 4;
const AFTER_VALUE = 5;
/**
* Validates the first JSON value of `text` as Go's `json.Decoder.Decode` does, with its error messages
* (`invalid character 'x' looking for beginning of value`, `unexpected EOF`, `EOF`, `exceeded max depth`).
* Like the decoder, it stops after the first value: trailing text is not looked at.
*/
export function goScan(text, maxDepth) {
	const n = text.length;
	let i = 0;
	while (i < n && isWs(text.charCodeAt(i))) i++;
	if (i >= n) return {
		ok: false,
		message: "EOF",
		eof: true
	};
	const start = i;
	const stack = [];
	let state = VALUE;
	const bad = (at, context) => badChar(text, at, context);
	for (;;) {
		while (i < n && isWs(text.charCodeAt(i))) i++;
		if (i >= n) return UNEXPECTED_EOF;
		const c = text.charCodeAt(i);
		if (state === COLON) {
			if (c !== 58) return bad(i, "after object key");
			i++;
			state = VALUE;
			continue;
		}
		if (state === AFTER_VALUE) {
			const inObject = stack[stack.length - 1] === 1;
			if (c === 44) {
				i++;
				state = inObject ? KEY : VALUE;
				continue;
			}
			if (inObject && c === 125 || !inObject && c === 93) {
				i++;
				stack.pop();
				if (stack.length === 0) return {
					ok: true,
					start,
					end: i
				};
				state = AFTER_VALUE;
				continue;
			}
			return bad(i, inObject ? "after object key:value pair" : "after array element");
		}
		if (state === OBJECT_FIRST || state === KEY) {
			if (state === OBJECT_FIRST && c === 125) {
				i++;
				stack.pop();
				if (stack.length === 0) return {
					ok: true,
					start,
					end: i
				};
				state = AFTER_VALUE;
				continue;
			}
			if (c !== QUOTE) return bad(i, "looking for beginning of object key string");
			const r = scanString(text, i);
			if (typeof r !== "number") return r;
			i = r;
			state = COLON;
			continue;
		}
		// VALUE or ARRAY_FIRST
		if (state === ARRAY_FIRST && c === 93) {
			i++;
			stack.pop();
			if (stack.length === 0) return {
				ok: true,
				start,
				end: i
			};
			state = AFTER_VALUE;
			continue;
		}
		if (c === 123 || c === 91) {
			if (stack.length >= maxDepth) return {
				ok: false,
				message: "exceeded max depth",
				eof: false
			};
			stack.push(c === 123 ? 1 : 0);
			i++;
			state = c === 123 ? OBJECT_FIRST : ARRAY_FIRST;
			continue;
		}
		let r;
		if (c === QUOTE) r = scanString(text, i);
		else if (c === 45 || isDigit(c)) r = scanNumber(text, i);
		else if (c === 116) r = scanLiteral(text, i, "true");
		else if (c === 102) r = scanLiteral(text, i, "false");
		else if (c === 110) r = scanLiteral(text, i, "null");
		else return bad(i, "looking for beginning of value");
		if (typeof r !== "number") return r;
		i = r;
		if (stack.length === 0) return {
			ok: true,
			start,
			end: i
		};
		state = AFTER_VALUE;
	}
}
const UNEXPECTED_EOF = {
	ok: false,
	message: "unexpected EOF",
	eof: false
};
/** Go's `invalid character 'x' <context>` for the character of `text` at `at`. */
function badChar(text, at, context) {
	return {
		ok: false,
		message: `invalid character ${quoteChar(text, at)} ${context}`,
		eof: false
	};
}
/** The index just after the string starting at `at`, or Go's error for it. */
function scanString(t, at) {
	const n = t.length;
	let j = at + 1;
	for (;;) {
		if (j >= n) return UNEXPECTED_EOF;
		const d = t.charCodeAt(j);
		if (d === QUOTE) return j + 1;
		if (d < 32) return badChar(t, j, "in string literal");
		if (d === BACKSLASH) {
			j++;
			if (j >= n) return UNEXPECTED_EOF;
			const e = t.charCodeAt(j);
			if (e === 117) {
				for (let k = 1; k <= 4; k++) {
					if (j + k >= n) return UNEXPECTED_EOF;
					if (!isHex(t.charCodeAt(j + k))) return badChar(t, j + k, "in \\u hexadecimal character escape");
				}
				j += 5;
				continue;
			}
			// " \ / b f n r t
			if (e !== 34 && e !== 92 && e !== 47 && e !== 98 && e !== 102 && e !== 110 && e !== 114 && e !== 116) return badChar(t, j, "in string escape code");
		}
		j++;
	}
}
// A number ends at the first byte that cannot continue it (or at EOF); that byte is judged by the caller.
function scanNumber(t, at) {
	const n = t.length;
	let j = at;
	if (t.charCodeAt(j) === 45) {
		j++;
		if (j >= n) return UNEXPECTED_EOF;
		if (!isDigit(t.charCodeAt(j))) return badChar(t, j, "in numeric literal");
	}
	if (t.charCodeAt(j) === 48) j++;
	else while (j < n && isDigit(t.charCodeAt(j))) j++;
	if (j < n && t.charCodeAt(j) === 46) {
		j++;
		if (j >= n) return UNEXPECTED_EOF;
		if (!isDigit(t.charCodeAt(j))) return badChar(t, j, "after decimal point in numeric literal");
		while (j < n && isDigit(t.charCodeAt(j))) j++;
	}
	if (j < n && (t.charCodeAt(j) === 101 || t.charCodeAt(j) === 69)) {
		j++;
		if (j < n && (t.charCodeAt(j) === 43 || t.charCodeAt(j) === 45)) j++;
		if (j >= n) return UNEXPECTED_EOF;
		if (!isDigit(t.charCodeAt(j))) return badChar(t, j, "in exponent of numeric literal");
		while (j < n && isDigit(t.charCodeAt(j))) j++;
	}
	return j;
}
/** The index just after the literal `word` (true, false, null) starting at `at`, or Go's error for it. */
function scanLiteral(t, at, word) {
	const n = t.length;
	for (let k = 1; k < word.length; k++) {
		if (at + k >= n) return UNEXPECTED_EOF;
		if (t[at + k] !== word[k]) return badChar(t, at + k, `in literal ${word} (expecting '${word[k]}')`);
	}
	return at + word.length;
}
function skipWs(t, i) {
	while (i < t.length && isWs(t.charCodeAt(i))) i++;
	return i;
}
function skipString(t, i) {
	for (i++; i < t.length; i++) {
		const d = t.charCodeAt(i);
		if (d === BACKSLASH) i++;
		else if (d === QUOTE) return i + 1;
	}
	return i;
}
/** The index just after the (valid) JSON value starting at `i`. */
function skipValue(t, i) {
	const c = t.charCodeAt(i);
	if (c === QUOTE) return skipString(t, i);
	if (c === 123 || c === 91) {
		let depth = 0;
		for (; i < t.length; i++) {
			const d = t.charCodeAt(i);
			if (d === QUOTE) i = skipString(t, i) - 1;
			else if (d === 123 || d === 91) depth++;
			else if (d === 125 || d === 93) {
				if (--depth === 0) return i + 1;
			}
		}
		return i;
	}
	while (i < t.length) {
		const d = t.charCodeAt(i);
		if (d === 44 || d === 125 || d === 93 || isWs(d)) break;
		i++;
	}
	return i;
}
/** The raw text of the `id` member of the object at `i` (the last one, as JSON.parse and Go keep). */
function rawIdOf(t, i, caseInsensitive) {
	if (t.charCodeAt(i) !== 123) return undefined;
	let found;
	i = skipWs(t, i + 1);
	while (i < t.length && t.charCodeAt(i) !== 125) {
		const keyEnd = skipString(t, i);
		const key = JSON.parse(t.slice(i, keyEnd));
		i = skipWs(t, skipWs(t, keyEnd) + 1);
		const valueEnd = skipValue(t, i);
		if (key === "id" || caseInsensitive && key.toLowerCase() === "id") found = compactJson(t.slice(i, valueEnd));
		i = skipWs(t, valueEnd);
		if (t.charCodeAt(i) === 44) i = skipWs(t, i + 1);
	}
	return found;
}
/**
* The raw text of each message's `id` in an already validated body: one entry for a single message, one
* per element for a batch. `start` is the index of the body's first non-blank character.
*/
export function rawIds(text, start, caseInsensitive) {
	if (text.charCodeAt(start) !== 91) return [rawIdOf(text, start, caseInsensitive)];
	const out = [];
	let i = skipWs(text, start + 1);
	while (i < text.length && text.charCodeAt(i) !== 93) {
		out.push(rawIdOf(text, i, caseInsensitive));
		i = skipWs(text, skipValue(text, i));
		if (text.charCodeAt(i) === 44) i = skipWs(text, i + 1);
	}
	return out;
}
/** JSON text without insignificant whitespace (what Go's encoder does to a raw message it re-emits). */
export function compactJson(raw) {
	let blank = false;
	for (let i = 0; i < raw.length && !blank; i++) blank = isWs(raw.charCodeAt(i));
	if (!blank) return raw;
	let out = "";
	for (let i = 0; i < raw.length; i++) {
		const c = raw.charCodeAt(i);
		if (c === QUOTE) {
			const end = skipString(raw, i);
			out += raw.slice(i, end);
			i = end - 1;
		} else if (!isWs(c)) out += raw[i];
	}
	return out;
}
const GO_UNSAFE = /[<>&\u2028\u2029]/;
const GO_UNSAFE_ALL = /[<>&\u2028\u2029]/g;
const GO_ESCAPES = {
	"<": "\\u003c",
	">": "\\u003e",
	"&": "\\u0026",
	"\u2028": "\\u2028",
	"\u2029": "\\u2029"
};
/**
* JSON text as Go's `json.Encoder` writes it: `<`, `>`, `&`, U+2028 and U+2029 escaped inside strings (they
* cannot occur outside strings in JSON text).
*/
export function goEscape(json) {
	return GO_UNSAFE.test(json) ? json.replace(GO_UNSAFE_ALL, (c) => GO_ESCAPES[c]) : json;
}
/** A plain JSON object (not an array, not null). */
export const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
