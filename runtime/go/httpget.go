package noderpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"syscall"
	"time"
)

// HTTPGetResult is what a plain GET call returns (a method the node also serves to plain HTTP GET
// requests, as its health probes): Status, one of those the node's documentation lists for it (the health
// reports: 200, or 503 when unhealthy); OK, whether it is 2xx; and Body, the method's result.
type HTTPGetResult[T any] struct {
	Status int
	OK     bool
	Body   T
}

// httpGet is where and how a method is served to GETs: its path after the service's, its query
// parameters and the statuses the spec lists for it.
type httpGet struct {
	Path     string
	Query    []httpGetQuery
	Statuses []int
}

// httpGetQuery is a query parameter and the param it carries (such methods take their params by name).
type httpGetQuery struct {
	Name  string
	Param string
}

// getResult is a GET's outcome as the generated methods return it.
func getResult[T any](status int, body T, err error) (HTTPGetResult[T], error) {
	if err != nil {
		return HTTPGetResult[T]{}, err
	}
	return HTTPGetResult[T]{Status: status, OK: status >= 200 && status < 300, Body: body}, nil
}

// escapeQuery escapes as JavaScript's encodeURIComponent does, so that every client sends the same query.
func escapeQuery(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// queryString is `?tag=a&tag=b` from the call's params in wire form: each query parameter from its
// param, a list repeated, a string as it is and any other value as JSON.
func queryString(get httpGet, params any) (string, error) {
	data, err := json.Marshal(params)
	if err != nil {
		return "", err
	}
	var byName map[string]json.RawMessage
	if err := json.Unmarshal(data, &byName); err != nil {
		return "", err
	}
	var parts []string
	for _, q := range get.Query {
		raw := byName[q.Param]
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			items = []json.RawMessage{raw}
		}
		for _, item := range items {
			var s string
			if len(item) == 0 || string(item) == "null" {
				continue
			}
			if json.Unmarshal(item, &s) != nil {
				s = string(item)
			}
			parts = append(parts, escapeQuery(q.Name)+"="+escapeQuery(s))
		}
	}
	if len(parts) == 0 {
		return "", nil
	}
	return "?" + strings.Join(parts, "&"), nil
}

// get sends call's method as a plain GET of get.Path with the params in the query string, tried again as
// a read is, and decodes the body into call.Result for a status the spec lists; any other status is an
// *HTTPError, a body that is not JSON a *ProtocolError.
func (t *transport) get(ctx context.Context, call *Call, get httpGet) (int, error) {
	method := "GET " + call.Method
	query, err := queryString(get, call.Params)
	if err != nil {
		return 0, &EncodeError{Method: method, Err: err}
	}
	url := strings.TrimRight(t.url(call.Service), "/") + get.Path + query
	read := &Call{Effects: EffectRead}
	for attempt := 0; ; attempt++ {
		status, err := t.getOnce(ctx, call, get, method, url)
		if err == nil {
			return status, nil
		}
		wait, ok := t.plan(err, read, attempt)
		if !ok {
			return 0, err
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return 0, err
		case <-timer.C:
		}
	}
}

func (t *transport) getOnce(ctx context.Context, call *Call, get httpGet, method, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, &TransportError{Method: method, URL: url, Err: err}
	}
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
		return 0, &TransportError{Method: method, URL: url, Unsent: errors.Is(err, syscall.ECONNREFUSED), Err: err}
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, &TransportError{Method: method, URL: url, Err: err}
	}
	listed := false
	for _, s := range get.Statuses {
		listed = listed || s == res.StatusCode
	}
	if !listed {
		return 0, &HTTPError{Method: method, URL: url, Status: res.StatusCode, Body: string(data), RetryAfter: retryAfter(res.Header)}
	}
	if !json.Valid(data) {
		return 0, &ProtocolError{Method: method, URL: url, Reason: fmt.Sprintf("the body of HTTP %d is not JSON where %s's result was expected", res.StatusCode, call.Method)}
	}
	if err := json.Unmarshal(data, call.Result); err != nil {
		return 0, &DecodeError{Method: method, URL: url, Err: err}
	}
	return res.StatusCode, nil
}
