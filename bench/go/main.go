// The Go client's per-call cost beside a bare call: eth_blockNumber against the same local server, once as
// net/http + encoding/json + math/big by hand and once through the generated client, in alternating rounds.
// A second pair of figures sends both through an in-process http.RoundTripper that answers at once, which
// leaves out the network and the server: what remains is each side's own cost.
// Run by bench/go.ts in a temporary module that uses generated/go; prints the four medians in µs.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"os"
	"sort"
	"strconv"
	"time"

	client "noderpc/client"
)

type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      uint64 `json:"id"`
	Method  string `json:"method"`
	Params  []any  `json:"params"`
}

type reply struct {
	ID     uint64          `json:"id"`
	Result string          `json:"result"`
	Error  json.RawMessage `json:"error"`
}

func bare(ctx context.Context, hc *http.Client, url string, id uint64) (*big.Int, error) {
	body, err := json.Marshal(request{JSONRPC: "2.0", ID: id, Method: "eth_blockNumber", Params: []any{}})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	var r reply
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	if r.Error != nil || r.ID != id || len(r.Result) < 3 {
		return nil, errors.New("bad reply")
	}
	n, ok := new(big.Int).SetString(r.Result[2:], 16)
	if !ok {
		return nil, errors.New("bad quantity")
	}
	return n, nil
}

func perCall(calls int, fn func() error) float64 {
	start := time.Now()
	for i := 0; i < calls; i++ {
		if err := fn(); err != nil {
			panic(err)
		}
	}
	return float64(time.Since(start).Nanoseconds()) / 1000 / float64(calls)
}

func median(v []float64) float64 {
	sort.Float64s(v)
	return v[len(v)/2]
}

// canned answers every request in memory, echoing its id.
type canned struct{}

func (canned) RoundTrip(req *http.Request) (*http.Response, error) {
	var r struct {
		ID json.RawMessage `json:"id"`
	}
	body, _ := io.ReadAll(req.Body)
	_ = json.Unmarshal(body, &r)
	out := `{"jsonrpc":"2.0","id":` + string(r.ID) + `,"result":"0x42c1d80"}`
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(bytes.NewReader([]byte(out))), Request: req}, nil
}

// pair measures bare and client calls through hc in alternating rounds.
func pair(base string, hc *http.Client, calls int) (float64, float64) {
	ctx := context.Background()
	c := client.New(base, client.WithHTTPClient(hc))
	var id uint64
	bareCall := func() error {
		id++
		_, err := bare(ctx, hc, base+"/ext/bc/C/rpc", id)
		return err
	}
	clientCall := func() error {
		_, err := c.Evm.Eth.BlockNumber(ctx)
		return err
	}
	perCall(300, bareCall)
	perCall(300, clientCall)
	var b, o []float64
	for round := 0; round < 5; round++ {
		b = append(b, perCall(calls, bareCall))
		o = append(o, perCall(calls, clientCall))
	}
	return median(b), median(o)
}

func main() {
	calls, _ := strconv.Atoi(os.Args[2])
	b, o := pair(os.Args[1], http.DefaultClient, calls)
	mb, mo := pair("http://in-process.invalid", &http.Client{Transport: canned{}}, calls*10)
	fmt.Printf("{\"bare\":%f,\"client\":%f,\"memBare\":%f,\"memClient\":%f}\n", b, o, mb, mo)
}
