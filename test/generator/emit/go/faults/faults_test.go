// Fault tests of the generated Go client: small servers on 127.0.0.1 (httptest, started and closed by each
// test) misbehave as real servers and proxies do; every call ends in the typed error the package documents,
// matched with errors.As / errors.Is, and a write is never sent twice unless its x-effects say it may be.
// Copied into a temporary module beside generated/go and run with `go test` by test/generator/emit/go/faults.test.ts.
package faults

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	client "noderpc/client"
)

// fast retries: the tests count requests, never time them.
var fast = client.Retry{Count: 3, Delay: time.Millisecond, MaxDelay: 5 * time.Millisecond, MaxRetryAfter: 5 * time.Millisecond}

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// node is a test server; answer gets the request's number (1 for the first) and the parsed request.
type node struct {
	*httptest.Server
	mu    sync.Mutex
	count int
	paths []string
}

func serve(t *testing.T, answer func(n int, req request, w http.ResponseWriter, r *http.Request)) *node {
	t.Helper()
	s := &node{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req request
		_ = json.Unmarshal(body, &req)
		s.mu.Lock()
		s.count++
		n := s.count
		s.paths = append(s.paths, r.URL.Path)
		s.mu.Unlock()
		answer(n, req, w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *node) requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

func reply(w http.ResponseWriter, req request, result string) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(req.ID)+`,"result":`+result+`}`)
}

func rpcError(w http.ResponseWriter, req request, code int, message, data string) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(req.ID)+`,"error":{"code":`+jsonInt(code)+`,"message":`+jsonString(message)+`,"data":`+data+`}}`)
}

func jsonInt(n int) string       { b, _ := json.Marshal(n); return string(b) }
func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

func TestTimeoutThroughContext(t *testing.T) {
	s := serve(t, func(_ int, _ request, _ http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	c := client.New(s.URL, client.WithRetry(client.Retry{}))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := c.Evm.Eth.BlockNumber(ctx)
	var te *client.TransportError
	if !errors.As(err, &te) || !te.Timeout() || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want a *TransportError that is a timeout, got %T: %v", err, err)
	}
	if te.Method != "eth_blockNumber" {
		t.Fatalf("the error names %q, not eth_blockNumber", te.Method)
	}
}

func TestCanceledContextIsNotRetried(t *testing.T) {
	s := serve(t, func(_ int, _ request, _ http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	c := client.New(s.URL, client.WithRetry(fast))
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for s.requests() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	_, err := c.Evm.Eth.BlockNumber(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %T: %v", err, err)
	}
	if n := s.requests(); n != 1 {
		t.Fatalf("a canceled call was sent %d times", n)
	}
}

func TestRateLimitedWithRetryAfter(t *testing.T) {
	s := serve(t, func(n int, req request, w http.ResponseWriter, _ *http.Request) {
		if n <= 2 {
			w.Header().Set("Retry-After", "7")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		reply(w, req, `"0x2a"`)
	})
	// Retries off: the 429 comes back as an *HTTPError carrying the wait the server asked for.
	_, err := client.New(s.URL, client.WithRetry(client.Retry{})).Evm.Eth.BlockNumber(context.Background())
	var he *client.HTTPError
	if !errors.As(err, &he) || he.Status != 429 || he.RetryAfter != 7*time.Second {
		t.Fatalf("want *HTTPError 429 with RetryAfter 7s, got %T: %v", err, err)
	}
	// Retries on (Retry-After capped by MaxRetryAfter): the read is sent again and succeeds.
	got, err := client.New(s.URL, client.WithRetry(fast)).Evm.Eth.BlockNumber(context.Background())
	if err != nil || got.ToInt().Int64() != 42 {
		t.Fatalf("want 42 after one 429, got %v, %v", got, err)
	}
	if n := s.requests(); n != 3 {
		t.Fatalf("want 3 requests (429, then 429 and the retry), got %d", n)
	}
}

func unavailable(_ int, _ request, w http.ResponseWriter, _ *http.Request) {
	w.WriteHeader(http.StatusServiceUnavailable)
}

func TestWriteIsNeverSentTwice(t *testing.T) {
	s := serve(t, unavailable)
	c := client.New(s.URL, client.WithRetry(fast))
	_, err := c.X.Avm.Mint(context.Background(), client.AvmMintParams{Amount: 1, AssetID: "asset", To: "X-addr", Username: "u", Password: "p"})
	var he *client.HTTPError
	if !errors.As(err, &he) || he.Status != 503 {
		t.Fatalf("want *HTTPError 503, got %T: %v", err, err)
	}
	if n := s.requests(); n != 1 {
		t.Fatalf("avm.mint (a write) was sent %d times", n)
	}
}

func TestAdminIsNeverRetried(t *testing.T) {
	s := serve(t, unavailable)
	_, err := client.New(s.URL, client.WithRetry(fast)).X.Avm.CreateAddress(context.Background(), client.AvmCreateAddressParams{Username: "u", Password: "p"})
	if err == nil || s.requests() != 1 {
		t.Fatalf("avm.createAddress (admin) was sent %d times (err %v)", s.requests(), err)
	}
}

func TestIdempotentWriteIsRetried(t *testing.T) {
	s := serve(t, func(n int, req request, w http.ResponseWriter, r *http.Request) {
		if n < 3 {
			unavailable(n, req, w, r)
			return
		}
		reply(w, req, `"0xabc"`)
	})
	got, err := client.New(s.URL, client.WithRetry(fast)).Evm.Eth.SendRawTransaction(context.Background(), client.EthSendRawTransactionParams{Transaction: "0x02"})
	if err != nil || got != "0xabc" || s.requests() != 3 {
		t.Fatalf("eth_sendRawTransaction (idempotent) should succeed on the third send: %q, %v after %d", got, err, s.requests())
	}
}

func TestMalformedReplyIsAProtocolError(t *testing.T) {
	s := serve(t, func(_ int, _ request, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`)
	})
	_, err := client.New(s.URL, client.WithRetry(fast)).Evm.Eth.BlockNumber(context.Background())
	var pe *client.ProtocolError
	if !errors.As(err, &pe) || pe.Method != "eth_blockNumber" {
		t.Fatalf("want *ProtocolError, got %T: %v", err, err)
	}
	if s.requests() != 1 {
		t.Fatalf("a malformed reply was retried (%d requests)", s.requests())
	}
}

func TestWrongIDIsAProtocolError(t *testing.T) {
	s := serve(t, func(_ int, _ request, w http.ResponseWriter, _ *http.Request) {
		reply(w, request{ID: json.RawMessage(`"other"`)}, `"0x1"`)
	})
	_, err := client.New(s.URL).Evm.Eth.BlockNumber(context.Background())
	var pe *client.ProtocolError
	if !errors.As(err, &pe) {
		t.Fatalf("want *ProtocolError, got %T: %v", err, err)
	}
}

func TestResultOfTheWrongShapeIsADecodeError(t *testing.T) {
	s := serve(t, func(_ int, req request, w http.ResponseWriter, _ *http.Request) { reply(w, req, `12`) })
	_, err := client.New(s.URL).Evm.Eth.BlockNumber(context.Background())
	var de *client.DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("want *DecodeError, got %T: %v", err, err)
	}
}

func TestRPCErrorCarriesCodeMessageAndData(t *testing.T) {
	s := serve(t, func(_ int, req request, w http.ResponseWriter, _ *http.Request) {
		rpcError(w, req, -32000, "not found", `{"why":"gone"}`)
	})
	_, err := client.New(s.URL).Platform.GetHeight(context.Background())
	var re *client.RPCError
	if !errors.As(err, &re) || re.Code != -32000 || re.Message != "not found" || string(re.Data) != `{"why":"gone"}` {
		t.Fatalf("want *RPCError -32000 with data, got %T: %v", err, err)
	}
	if !errors.Is(err, client.ErrNotFound) || errors.Is(err, client.ErrNoAddressesProvided) {
		t.Fatalf("errors.Is matches the wrong documented error: %v", err)
	}
}

func TestConnectionRefusedIsATransportError(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = client.New("http://"+addr, client.WithRetry(client.Retry{})).Info.GetNodeVersion(context.Background())
	var te *client.TransportError
	if !errors.As(err, &te) || !te.Unsent || te.Timeout() {
		t.Fatalf("want an unsent *TransportError, got %T: %v", err, err)
	}
}

func TestBatchItemMissingIsThatCallsError(t *testing.T) {
	s := serve(t, func(_ int, _ request, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `[]`)
	})
	c := client.New(s.URL)
	var n1, n2 *client.Quantity
	calls := []*client.Call{c.Evm.Eth.BlockNumberCall(&n1), c.Evm.Eth.ChainIDCall(&n2)}
	if err := c.Batch(context.Background(), calls...); err != nil {
		t.Fatalf("the batch itself failed: %v", err)
	}
	for _, call := range calls {
		var pe *client.ProtocolError
		if !errors.As(call.Err, &pe) {
			t.Fatalf("%s: want *ProtocolError, got %T: %v", call.Method, call.Err, call.Err)
		}
	}
}

func TestServicesUseTheirOwnPathDefaults(t *testing.T) {
	s := serve(t, func(_ int, req request, w http.ResponseWriter, _ *http.Request) { reply(w, req, `"0x1"`) })
	c := client.New(s.URL)
	if _, err := c.Evm.Eth.BlockNumber(context.Background()); err != nil {
		t.Fatal(err)
	}
	x := client.New(s.URL, client.WithVariable("blockchainID", "X2"))
	if _, err := x.Evm.Eth.BlockNumber(context.Background()); err != nil {
		t.Fatal(err)
	}
	if s.paths[0] != "/ext/bc/C/rpc" || s.paths[1] != "/ext/bc/X2/rpc" {
		t.Fatalf("paths %v", s.paths)
	}
}

func TestBatchSplitsAtTheEndpointsLimit(t *testing.T) {
	var sizes []int
	var mu sync.Mutex
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var reqs []request
		if err := json.NewDecoder(r.Body).Decode(&reqs); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		mu.Lock()
		sizes = append(sizes, len(reqs))
		mu.Unlock()
		out := make([]json.RawMessage, len(reqs))
		for i, req := range reqs {
			out[i] = json.RawMessage(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":"0x1"}`)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(out)
	}))
	t.Cleanup(s.Close)
	c := client.New(s.URL)
	results := make([]*client.Quantity, 1001)
	calls := make([]*client.Call, len(results))
	for i := range calls {
		calls[i] = c.Evm.Eth.BlockNumberCall(&results[i])
	}
	if err := c.Batch(context.Background(), calls...); err != nil {
		t.Fatal(err)
	}
	if len(sizes) != 2 || sizes[0] != 1000 || sizes[1] != 1 {
		t.Fatalf("batch sizes %v, want [1000 1] (the EVM endpoint's documented limit)", sizes)
	}
	for i, call := range calls {
		if call.Err != nil || results[i].ToInt().Int64() != 1 {
			t.Fatalf("call %d: %v", i, call.Err)
		}
	}
}

func TestBatchOnAnEndpointWithoutBatchesSendsEachCall(t *testing.T) {
	s := serve(t, func(_ int, req request, w http.ResponseWriter, _ *http.Request) {
		if req.Method == "" {
			w.WriteHeader(http.StatusBadRequest) // a JSON array: not a single request
			return
		}
		reply(w, req, `{"height":"42"}`)
	})
	c := client.New(s.URL)
	var a, b client.PlatformGetHeightResult
	calls := []*client.Call{c.Platform.GetHeightCall(&a), c.Platform.GetHeightCall(&b)}
	if err := c.Batch(context.Background(), calls...); err != nil {
		t.Fatal(err)
	}
	if calls[0].Err != nil || calls[1].Err != nil || a.Height != 42 || b.Height != 42 || s.requests() != 2 {
		t.Fatalf("errs %v %v, heights %v %v, %d requests", calls[0].Err, calls[1].Err, a.Height, b.Height, s.requests())
	}
}
