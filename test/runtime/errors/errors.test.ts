import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError } from '../../../runtime/client/codec.js';
import {
  AbortError,
  BufferOverflowError,
  DecodeError,
  EncodeError,
  HttpError,
  NodeRpcError,
  ProtocolError,
  ResponseValidationError,
  RpcError,
  TimeoutError,
  TransportError,
  UnsupportedError,
} from '../../../runtime/errors/index.js';
import { excerpt, redact } from '../../../runtime/errors/base.js';

describe('error classes', () => {
  const cases: [string, NodeRpcError][] = [
    ['RpcError', new RpcError({ code: -32000, message: 'header not found' }, { method: 'eth_getBlockByNumber' })],
    ['TransportError', new TransportError('x: could not reach', { method: 'x', cause: new Error('ECONNREFUSED') })],
    ['TimeoutError', new TimeoutError(100, { method: 'x', url: 'http://h' })],
    ['AbortError', new AbortError('stop', { method: 'x' })],
    ['HttpError', new HttpError(503, 'Service Unavailable', 'API call rejected because chain is not done bootstrapping', { method: 'x' })],
    ['ProtocolError', new ProtocolError('the reply is not JSON', { method: 'x', body: '<html>' })],
    ['ResponseValidationError', new ResponseValidationError('x', [{ path: '/a', message: 'must be string', keyword: 'type' }])],
    ['DecodeError', new DecodeError('x', new CodecError('/a', 'an unsigned integer', 'z'))],
    ['EncodeError', new EncodeError('x', 'params.a must be ...', { path: '/a' })],
    ['UnsupportedError', new UnsupportedError('x is only available over WebSocket')],
    ['BufferOverflowError', new BufferOverflowError(3)],
  ];

  it.each(cases)('%s is a NodeRpcError and an Error, with its name in the stack', (name, e) => {
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(NodeRpcError);
    expect(e.name).toBe(name);
    expect(e.stack?.startsWith(`${name}: `)).toBe(true);
    expect(Object.keys(e)).not.toContain('name');
  });

  it('keeps the server\'s message unchanged on RpcError, with code and data', () => {
    const e = new RpcError<3, string>({ code: 3, message: 'execution reverted: nope', data: '0x08c379a0' }, { method: 'eth_call', status: 200 });
    expect(e.message).toBe('execution reverted: nope');
    expect([e.code, e.data, e.method, e.status]).toEqual([3, '0x08c379a0', 'eth_call', 200]);
  });

  it('says what to do', () => {
    expect(new TimeoutError(100, { method: 'eth_call', url: 'http://h/rpc' }).message).toBe(
      'eth_call: no reply from http://h/rpc within 100 ms. The node may be slow or unreachable: raise `timeout` (per call or on the transport) or try again.',
    );
    expect(new HttpError(404, 'Not Found', '404 page not found', { url: 'http://h/ext/bc/X' }).message).toBe(
      'HTTP 404 Not Found from http://h/ext/bc/X: 404 page not found. Check the URL: the endpoint path or the chain ID may be wrong.',
    );
    const d = new DecodeError('platform.getHeight', new CodecError('/height', 'an unsigned integer (decimal string or number)', 'x'));
    expect(d.message).toMatch(/^platform\.getHeight: the result cannot be decoded at \/height: expected an unsigned integer/);
    expect(d.cause).toBeInstanceOf(CodecError);
  });

  it('bounds body excerpts', () => {
    expect(excerpt('a'.repeat(2000))).toHaveLength(512 + ' (1488 more characters)'.length + 3);
    expect(excerpt('  a \n\n b  ')).toBe('a b');
    expect(new HttpError(500, '', 'x'.repeat(10_000)).body.length).toBeLessThan(600);
  });
});

describe('redact', () => {
  it('replaces secrets in strings, deep in objects and arrays, raw and JSON-escaped', () => {
    const secret = 'pa"ss';
    const value = { message: `bad password ${secret}`, data: { params: { password: secret }, list: [secret, JSON.stringify({ p: secret })] } };
    expect(redact(value, [secret])).toEqual({
      message: 'bad password ***',
      data: { params: { password: '***' }, list: ['***', '{"p":"***"}'] },
    });
    expect(value.data.params.password).toBe(secret);
  });

  it('leaves values alone without secrets, and ignores empty ones', () => {
    const v = { a: 'x' };
    expect(redact(v, undefined)).toBe(v);
    expect(redact(v, [''])).toBe(v);
  });

  it('never lets a secret through', () => {
    const secretArb = fc.stringMatching(/^[A-Za-z0-9!@#$%^&()_+=\-"\\]{3,16}$/);
    fc.assert(
      fc.property(secretArb, fc.jsonValue(), fc.string(), (secret, json, text) => {
        const value = { json, text: `${text}${secret}${text}`, nested: [{ s: secret }], echo: JSON.stringify({ secret }) };
        const out = JSON.stringify(redact(value, [secret]));
        expect(out).not.toContain(JSON.stringify(secret).slice(1, -1));
        expect(JSON.stringify(redact(value, [secret]).nested)).toBe('[{"s":"***"}]');
      }),
    );
  });

  it('copes with cycles', () => {
    const a: Record<string, unknown> = { s: 'secret!' };
    a.self = a;
    const out = redact(a, ['secret!']) as Record<string, unknown>;
    expect(out.s).toBe('***');
    expect(out.self).toBe(out);
  });
});
