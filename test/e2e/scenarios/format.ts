/**
 * Scenario files (Prism style): one case per file, in sections.
 *
 *   ====test====      what the case shows (free text)
 *   ====server====    `key: value` lines: fixture (node | bare), mode, profile, enable (comma list or all),
 *                     limits (JSON), mock (true), discover (true | false), validateResults (true)
 *   ====request====   `METHOD /path`, header lines, a blank line, then the body
 *   ====expect====    the status code, header lines (`name: value` exact, `!name` absent), a blank line,
 *                     then the exact body
 *
 * A body runs to the next section marker; the line break just before the marker (or the end of the file)
 * is not part of it, so a body that ends with a newline is written with one empty line after it. With no
 * blank line after the headers the body is empty. Request bodies may use `{{repeat N "text"}}`.
 */
export interface ServerSpec {
  readonly fixture: string;
  readonly mode?: 'standard' | 'node';
  readonly profile?: 'full' | 'public';
  readonly enable?: readonly string[] | 'all';
  readonly limits?: Record<string, number>;
  readonly mock?: boolean;
  readonly discover?: boolean;
  readonly validateResults?: boolean;
}

export interface Scenario {
  readonly file: string;
  readonly test: string;
  readonly server: ServerSpec;
  readonly request: { readonly method: string; readonly path: string; readonly headers: Record<string, string>; readonly body: string };
  readonly expect: {
    readonly status: number;
    readonly headers: Record<string, string>;
    readonly absent: readonly string[];
    readonly body: string;
  };
}

function sections(file: string, text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /^====([a-z]+)====\n/gm;
  const marks = [...text.matchAll(re)];
  if (marks.length === 0) throw new Error(`${file}: no ====section==== markers`);
  marks.forEach((m, i) => {
    const start = (m.index as number) + m[0].length;
    const end = i + 1 < marks.length ? (marks[i + 1]?.index as number) : text.length;
    let body = text.slice(start, end);
    if (body.endsWith('\n')) body = body.slice(0, -1);
    out.set(m[1] as string, body);
  });
  return out;
}

/** Splits `head lines \n\n body`: the head lines and the body (empty when there is no blank line). */
function headAndBody(text: string): { lines: string[]; body: string } {
  const cut = text.indexOf('\n\n');
  if (cut < 0) return { lines: text.split('\n').filter((l) => l !== ''), body: '' };
  return { lines: text.slice(0, cut).split('\n'), body: text.slice(cut + 2) };
}

function headers(file: string, lines: string[]): { set: Record<string, string>; absent: string[] } {
  const set: Record<string, string> = {};
  const absent: string[] = [];
  for (const line of lines) {
    if (line.startsWith('!')) {
      absent.push(line.slice(1).trim().toLowerCase());
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`${file}: bad header line ${JSON.stringify(line)}`);
    set[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { set, absent };
}

function expand(body: string): string {
  return body.replace(/\{\{repeat (\d+) ("(?:[^"\\]|\\.)*")\}\}/g, (_, n: string, s: string) =>
    (JSON.parse(s) as string).repeat(Number(n)),
  );
}

function serverSpec(file: string, text: string): ServerSpec {
  const spec: Record<string, unknown> = { fixture: 'node' };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    switch (key) {
      case 'fixture':
      case 'mode':
      case 'profile':
        spec[key] = value;
        break;
      case 'enable':
        spec.enable =
          value === 'all'
            ? 'all'
            : value
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean);
        break;
      case 'limits':
        spec.limits = JSON.parse(value);
        break;
      case 'mock':
      case 'discover':
      case 'validateResults':
        spec[key] = value === 'true';
        break;
      default:
        throw new Error(`${file}: unknown server key ${JSON.stringify(key)}`);
    }
  }
  return spec as unknown as ServerSpec;
}

export function parseScenario(file: string, text: string): Scenario {
  const s = sections(file, text.replace(/\r\n/g, '\n'));
  for (const need of ['test', 'request', 'expect']) if (!s.has(need)) throw new Error(`${file}: missing ====${need}====`);
  const req = headAndBody(s.get('request') as string);
  const [requestLine, ...reqHeaderLines] = req.lines;
  const m = /^([A-Z]+) (\S+)$/.exec(requestLine ?? '');
  if (!m) throw new Error(`${file}: the request must start with "METHOD /path", got ${JSON.stringify(requestLine)}`);
  const exp = headAndBody(s.get('expect') as string);
  const [statusLine, ...expHeaderLines] = exp.lines;
  if (!/^\d{3}$/.test(statusLine ?? ''))
    throw new Error(`${file}: the expectation must start with a status code, got ${JSON.stringify(statusLine)}`);
  const expHeaders = headers(file, expHeaderLines);
  return {
    file,
    test: (s.get('test') as string).trim(),
    server: serverSpec(file, s.get('server') ?? ''),
    request: { method: m[1] as string, path: m[2] as string, headers: headers(file, reqHeaderLines).set, body: expand(req.body) },
    expect: { status: Number(statusLine), headers: expHeaders.set, absent: expHeaders.absent, body: exp.body },
  };
}
