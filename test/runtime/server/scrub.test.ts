/**
 * Secret scrubbing masks a secret value where it stands as a value (a whole word of a message, a whole
 * string), not every substring of every text: a one-letter user name must not garble the node's messages
 * (`co***ldn't ***nmarshal`), whose gaps would spell the secret out.
 */
import { describe, expect, it } from 'vitest';
import { scrub } from '../../../runtime/server/redact.js';
import { GORILLA_UNMARSHAL } from '../../../runtime/server/texts.js';

describe('scrub', () => {
  it('leaves words that merely contain a short secret alone', () => {
    expect(scrub({ message: GORILLA_UNMARSHAL }, ['u'])).toEqual({ message: GORILLA_UNMARSHAL });
    expect(scrub('an argument', ['a', 'n'])).toBe('an argument');
  });
  it('masks the secret where it stands: a whole string, a word, a quoted value', () => {
    expect(scrub(['u', 'user u not found', 'password "hunter2" is wrong', 'key=hunter2;'], ['u', 'hunter2'])).toEqual(['***', 'user *** not found', 'password "***" is wrong', 'key=***;']);
  });
  it('masks a secret that is itself punctuation or spans words', () => {
    expect(scrub('bad: correct horse battery!', ['correct horse battery'])).toBe('bad: *** !'.replace(' !', '!'));
    expect(scrub('pin is -1-', ['-1-'])).toBe('pin is ***');
  });
});
