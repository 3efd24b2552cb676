package faults

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"testing"

	client "noderpc/client"
)

// A listing of five UTXOs served two at a time: GetUTXOsPages passes each page's endIndex back as startIndex
// and stops after the short page.
func TestPagesPassTheCursorBack(t *testing.T) {
	var starts []string
	s := serve(t, func(_ int, req request, w http.ResponseWriter, _ *http.Request) {
		var p struct {
			Limit      string            `json:"limit"`
			StartIndex *client.UtxoIndex `json:"startIndex"`
		}
		_ = json.Unmarshal(req.Params, &p)
		from := 0
		if p.StartIndex != nil {
			starts = append(starts, p.StartIndex.Utxo)
			fmt.Sscanf(p.StartIndex.Utxo, "u%d", &from)
			from++
		}
		var utxos []string
		for i := from; i < 5 && len(utxos) < 2; i++ {
			utxos = append(utxos, fmt.Sprintf("0x%02d", i))
		}
		last := fmt.Sprintf("u%d", from+len(utxos)-1)
		page, _ := json.Marshal(map[string]any{"numFetched": fmt.Sprint(len(utxos)), "utxos": utxos, "endIndex": map[string]string{"address": "P-a", "utxo": last}, "encoding": "hex"})
		reply(w, req, string(page))
	})
	c := client.New(s.URL)
	limit := client.U32(2)
	var got []string
	err := c.Platform.GetUTXOsPages(context.Background(), client.PlatformGetUTXOsParams{Addresses: []string{"P-a"}, Limit: &limit}, func(page client.UtxoPage) error {
		got = append(got, page.Utxos...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[0x00 0x01 0x02 0x03 0x04]" || fmt.Sprint(starts) != "[u1 u3]" || s.requests() != 3 {
		t.Fatalf("items %v, cursors sent %v, %d requests", got, starts, s.requests())
	}
	stop := errors.New("enough")
	err = c.Platform.GetUTXOsPages(context.Background(), client.PlatformGetUTXOsParams{Addresses: []string{"P-a"}, Limit: &limit}, func(client.UtxoPage) error { return stop })
	if !errors.Is(err, stop) || s.requests() != 4 {
		t.Fatalf("fn's error should end the listing after one page: %v after %d requests", err, s.requests())
	}
}
