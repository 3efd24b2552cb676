package noderpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// Effects says what a call does to the node (the spec's x-effects); it decides whether a call may be retried.
type Effects string

// What a method does to the node.
const (
	EffectRead       Effects = "read"
	EffectWrite      Effects = "write"
	EffectIdempotent Effects = "idempotent"
	EffectAdmin      Effects = "admin"
	EffectUnknown    Effects = "unknown"
)

// Retry sets retries with exponential backoff and jitter. Reads and idempotent writes are sent again after
// a network error, a timeout, HTTP 408, 429 or 5xx, or JSON-RPC -32005; other writes only when the request
// surely never left (connection refused); admin calls never.
type Retry struct {
	Count         int
	Delay         time.Duration
	MaxDelay      time.Duration
	MaxRetryAfter time.Duration
}

// DefaultRetry is what a client uses unless given WithRetry.
var DefaultRetry = Retry{Count: 3, Delay: 150 * time.Millisecond, MaxDelay: 10 * time.Second, MaxRetryAfter: 30 * time.Second}

// Call is one prepared JSON-RPC call: made by a method's ...Call function, sent alone or in a Batch. After a
// batch, Err holds the call's own error and Result the decoded value.
type Call struct {
	Service string
	Method  string
	Params  any
	Effects Effects
	Result  any
	Err     error
}

// Option configures a Client.
type Option func(*transport)

// WithHTTPClient makes the client send its requests through hc.
func WithHTTPClient(hc *http.Client) Option { return func(t *transport) { t.http = hc } }

// WithHeader adds a header to every request.
func WithHeader(name, value string) Option { return func(t *transport) { t.headers.Add(name, value) } }

// WithRetry sets the retry policy (Retry{} turns retries off).
func WithRetry(r Retry) Option { return func(t *transport) { t.retry = r } }

// WithVariable sets an endpoint path variable (such as the chain).
func WithVariable(name, value string) Option { return func(t *transport) { t.variables[name] = value } }

type headersKey struct{}

// WithHeaders returns a context whose calls carry these headers too.
func WithHeaders(ctx context.Context, h http.Header) context.Context {
	return context.WithValue(ctx, headersKey{}, h)
}

type transport struct {
	base      string
	http      *http.Client
	headers   http.Header
	retry     Retry
	variables map[string]string
	paths     map[string]string
	// batchLimits holds, per service, the most calls one batch request carries; 0 where the endpoint
	// takes no batches (its calls are then sent one by one).
	batchLimits map[string]int
	id          atomic.Uint64
}

// newTransport fills each service's path with the variables the options set, then with that service's
// own defaults (the EVM chain's blockchainID defaults to C, the ProposerVM's to P).
func newTransport(base string, paths map[string]string, defaults map[string]map[string]string, batchLimits map[string]int, opts []Option) *transport {
	t := &transport{base: strings.TrimRight(base, "/"), http: http.DefaultClient, headers: http.Header{}, retry: DefaultRetry, variables: map[string]string{}, paths: map[string]string{}, batchLimits: batchLimits}
	for _, o := range opts {
		o(t)
	}
	for service, path := range paths {
		for k, v := range t.variables {
			path = strings.ReplaceAll(path, "{"+k+"}", v)
		}
		for k, v := range defaults[service] {
			path = strings.ReplaceAll(path, "{"+k+"}", v)
		}
		t.paths[service] = path
	}
	return t
}

type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      uint64 `json:"id"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

type reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    *int            `json:"code"`
		Message *string         `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
	fields map[string]json.RawMessage
}

func (t *transport) url(service string) string { return t.base + t.paths[service] }

func (t *transport) post(ctx context.Context, url string, body []byte, method string) ([]byte, int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, 0, &TransportError{Method: method, URL: url, Err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	for k, vs := range t.headers {
		req.Header[k] = append([]string(nil), vs...)
	}
	if h, ok := ctx.Value(headersKey{}).(http.Header); ok {
		for k, vs := range h {
			req.Header[http.CanonicalHeaderKey(k)] = append([]string(nil), vs...)
		}
	}
	res, err := t.http.Do(req)
	if err != nil {
		return nil, 0, &TransportError{Method: method, URL: url, Unsent: errors.Is(err, syscall.ECONNREFUSED), Err: err}
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, res.StatusCode, &TransportError{Method: method, URL: url, Err: err}
	}
	json := strings.Contains(res.Header.Get("Content-Type"), "json")
	if res.StatusCode != http.StatusOK && !(json && res.StatusCode >= 400 && res.StatusCode != 429 && res.StatusCode < 502) {
		return nil, res.StatusCode, &HTTPError{Method: method, URL: url, Status: res.StatusCode, Body: string(data), RetryAfter: retryAfter(res.Header)}
	}
	return data, res.StatusCode, nil
}

func retryAfter(h http.Header) time.Duration {
	if ms, err := strconv.ParseFloat(h.Get("Retry-After-Ms"), 64); err == nil {
		return time.Duration(ms * float64(time.Millisecond))
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if s, err := strconv.Atoi(v); err == nil {
		return time.Duration(s) * time.Second
	}
	if at, err := http.ParseTime(v); err == nil {
		if d := time.Until(at); d > 0 {
			return d
		}
	}
	return 0
}

func (t *transport) settle(r *reply, call *Call, url string, status int) error {
	if r.JSONRPC != "2.0" {
		return &ProtocolError{Method: call.Method, URL: url, Reason: "the reply is not a JSON-RPC 2.0 response"}
	}
	if r.Error != nil {
		if r.Error.Code == nil || r.Error.Message == nil {
			return &ProtocolError{Method: call.Method, URL: url, Reason: "the reply has a malformed error object"}
		}
		return &RPCError{Code: *r.Error.Code, Message: *r.Error.Message, Data: r.Error.Data, Method: call.Method, HTTPStatus: status}
	}
	if r.Result == nil {
		return &ProtocolError{Method: call.Method, URL: url, Reason: "the reply has neither result nor error"}
	}
	if call.Result == nil {
		return nil
	}
	if err := json.Unmarshal(r.Result, call.Result); err != nil {
		return &DecodeError{Method: call.Method, URL: url, Err: err}
	}
	return nil
}

func parseReply(data []byte, method, url string) (*reply, error) {
	var r reply
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, &ProtocolError{Method: method, URL: url, Reason: "the reply is not a JSON-RPC response object", Err: err}
	}
	return &r, nil
}

func (t *transport) do(ctx context.Context, call *Call) error {
	url := t.url(call.Service)
	for attempt := 0; ; attempt++ {
		id := t.id.Add(1)
		err := t.once(ctx, call, url, id)
		if err == nil {
			return nil
		}
		wait, ok := t.plan(err, call, attempt)
		if !ok {
			return err
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return err
		case <-timer.C:
		}
	}
}

func (t *transport) once(ctx context.Context, call *Call, url string, id uint64) error {
	body, err := json.Marshal(request{JSONRPC: "2.0", ID: id, Method: call.Method, Params: call.Params})
	if err != nil {
		return &EncodeError{Method: call.Method, Err: err}
	}
	data, status, err := t.post(ctx, url, body, call.Method)
	if err != nil {
		return err
	}
	r, err := parseReply(data, call.Method, url)
	if err != nil {
		return err
	}
	if string(r.ID) != strconv.FormatUint(id, 10) {
		return &ProtocolError{Method: call.Method, URL: url, Reason: fmt.Sprintf("the reply answers id %s, not %d", r.ID, id)}
	}
	return t.settle(r, call, url, status)
}

func (t *transport) plan(err error, call *Call, attempt int) (time.Duration, bool) {
	if attempt >= t.retry.Count || !retryable(err) || !mayRepeat(call.Effects, err) {
		return 0, false
	}
	var he *HTTPError
	if errors.As(err, &he) && he.RetryAfter > 0 {
		if he.RetryAfter > t.retry.MaxRetryAfter {
			return t.retry.MaxRetryAfter, true
		}
		return he.RetryAfter, true
	}
	full := t.retry.Delay << uint(attempt)
	if full > t.retry.MaxDelay || full <= 0 {
		full = t.retry.MaxDelay
	}
	return full/2 + time.Duration(rand.Int63n(int64(full/2)+1)), true
}

func retryable(err error) bool {
	var he *HTTPError
	if errors.As(err, &he) {
		return he.Status == 408 || he.Status == 429 || (he.Status >= 500 && he.Status != 501)
	}
	var re *RPCError
	if errors.As(err, &re) {
		return re.Code == -32005 || re.Code == 429
	}
	var te *TransportError
	return errors.As(err, &te) && !errors.Is(err, context.Canceled)
}

func mayRepeat(e Effects, err error) bool {
	switch e {
	case EffectRead, EffectIdempotent:
		return true
	case EffectAdmin:
		return false
	}
	var te *TransportError
	return errors.As(err, &te) && te.Unsent
}

// batch sends calls of one service in batches of at most its limit, or one by one where its endpoint takes
// no batches. A batch that fails as a whole (transport, HTTP, a malformed reply) sets that error on each of
// its calls and is returned; the batches after it are not sent.
func (t *transport) batch(ctx context.Context, calls []*Call) error {
	if len(calls) == 0 {
		return nil
	}
	service := calls[0].Service
	for _, c := range calls {
		if c.Service != service {
			return fmt.Errorf("a batch goes to one endpoint: %s belongs to %s, not %s", c.Method, c.Service, service)
		}
	}
	limit := t.batchLimits[service]
	if limit <= 0 {
		for _, c := range calls {
			c.Err = t.do(ctx, c)
		}
		return nil
	}
	for start := 0; start < len(calls); start += limit {
		end := start + limit
		if end > len(calls) {
			end = len(calls)
		}
		if err := t.batchOnce(ctx, service, calls[start:end]); err != nil {
			for _, c := range calls[start:] {
				c.Err = err
			}
			return err
		}
	}
	return nil
}

func (t *transport) batchOnce(ctx context.Context, service string, calls []*Call) error {
	reqs := make([]request, len(calls))
	ids := make(map[string]*Call, len(calls))
	for i, c := range calls {
		id := t.id.Add(1)
		reqs[i] = request{JSONRPC: "2.0", ID: id, Method: c.Method, Params: c.Params}
		ids[strconv.FormatUint(id, 10)] = c
	}
	url := t.url(service)
	body, err := json.Marshal(reqs)
	if err != nil {
		return &EncodeError{Method: "batch", Err: err}
	}
	data, status, err := t.post(ctx, url, body, "batch")
	if err != nil {
		return err
	}
	var replies []reply
	if err := json.Unmarshal(data, &replies); err != nil {
		return &ProtocolError{Method: "batch", URL: url, Reason: "the batch reply is not a JSON array of responses", Err: err}
	}
	for i := range replies {
		if c, ok := ids[string(replies[i].ID)]; ok {
			c.Err = t.settle(&replies[i], c, url, status)
			delete(ids, string(replies[i].ID))
		}
	}
	for id, c := range ids {
		c.Err = &ProtocolError{Method: c.Method, URL: url, Reason: "the batch reply has no item for id " + id}
	}
	return nil
}

// RPCError is the node's JSON-RPC error object. Match a documented error with errors.Is(err, ErrX); get the
// code and data with errors.As(err, &rpcErr).
type RPCError struct {
	Code       int
	Message    string
	Data       json.RawMessage
	Method     string
	HTTPStatus int
}

func (e *RPCError) Error() string {
	return fmt.Sprintf("%s: %s (code %d)", e.Method, e.Message, e.Code)
}

// Is reports whether the error is the documented error target.
func (e *RPCError) Is(target error) bool {
	d, ok := target.(*DocumentedError)
	return ok && d.Code == e.Code && d.pattern.MatchString(e.Message)
}

// DocumentedError is a JSON-RPC error the node's documentation lists; compare with errors.Is.
type DocumentedError struct {
	Code    int
	Message string
	pattern *regexp.Regexp
}

func (d *DocumentedError) Error() string { return fmt.Sprintf("%s (code %d)", d.Message, d.Code) }

func documented(code int, message, pattern string) *DocumentedError {
	return &DocumentedError{Code: code, Message: message, pattern: regexp.MustCompile(pattern)}
}

// TransportError is a request or reply that did not make it (connection refused or reset, timeout).
// Unsent is true when the request surely never reached the node.
type TransportError struct {
	Method string
	URL    string
	Unsent bool
	Err    error
}

func (e *TransportError) Error() string { return fmt.Sprintf("%s: %s: %v", e.Method, e.URL, e.Err) }

// Unwrap returns the cause (context.DeadlineExceeded for a timeout).
func (e *TransportError) Unwrap() error { return e.Err }

// Timeout reports whether the call ran out of time.
func (e *TransportError) Timeout() bool {
	var t interface{ Timeout() bool }
	return errors.Is(e.Err, context.DeadlineExceeded) || (errors.As(e.Err, &t) && t.Timeout())
}

// HTTPError is an HTTP status that is not a JSON-RPC reply (429, 502, ...); RetryAfter is the wait the
// server asked for.
type HTTPError struct {
	Method     string
	URL        string
	Status     int
	Body       string
	RetryAfter time.Duration
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("%s: HTTP %d from %s", e.Method, e.Status, e.URL)
}

// ProtocolError is a reply that is not a valid JSON-RPC response to the request.
type ProtocolError struct {
	Method string
	URL    string
	Reason string
	Err    error
}

func (e *ProtocolError) Error() string { return fmt.Sprintf("%s: %s: %s", e.Method, e.URL, e.Reason) }

// Unwrap returns the cause.
func (e *ProtocolError) Unwrap() error { return e.Err }

// DecodeError is a result that does not have the wire form the spec documents.
type DecodeError struct {
	Method string
	URL    string
	Err    error
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s: the result from %s does not decode: %v", e.Method, e.URL, e.Err)
}

// Unwrap returns the cause.
func (e *DecodeError) Unwrap() error { return e.Err }

// EncodeError is a param value that cannot be encoded; nothing was sent.
type EncodeError struct {
	Method string
	Err    error
}

func (e *EncodeError) Error() string {
	return fmt.Sprintf("%s: params do not encode: %v", e.Method, e.Err)
}

// Unwrap returns the cause.
func (e *EncodeError) Unwrap() error { return e.Err }
