package faults

import (
	"encoding/json"
	"testing"

	client "noderpc/client"
)

// Opt keeps an optional list's three wire states apart, and each marshals back as it came.
func TestOptKeepsAbsentNullAndEmptyApart(t *testing.T) {
	for _, wire := range []string{`{}`, `{"topics":null}`, `{"topics":[]}`, `{"topics":["0x01",null]}`, `{"topics":[],"blockHash":"0xab"}`} {
		var f client.Filter
		if err := json.Unmarshal([]byte(wire), &f); err != nil {
			t.Fatalf("%s: %v", wire, err)
		}
		back, err := json.Marshal(f)
		if err != nil || string(back) != wire {
			t.Fatalf("%s came back as %s (%v)", wire, back, err)
		}
	}
	var f client.Filter
	_ = json.Unmarshal([]byte(`{"topics":null}`), &f)
	if _, ok := f.Topics.Get(); ok || f.Topics.Absent() || !f.Topics.Null {
		t.Fatalf("null topics: %+v", f.Topics)
	}
	made, _ := json.Marshal(client.Filter{Topics: client.Some([]json.RawMessage{}), BlockHash: client.Ptr("0xab")})
	if string(made) != `{"topics":[],"blockHash":"0xab"}` {
		t.Fatalf("Some of an empty list: %s", made)
	}
	made, _ = json.Marshal(client.Filter{Topics: client.Null[[]json.RawMessage]()})
	if string(made) != `{"topics":null}` {
		t.Fatalf("Null: %s", made)
	}
}

// A U64 reads a decimal string or a number and writes the string; a Quantity reads and writes 0x hex.
func TestCodecTypes(t *testing.T) {
	var v struct {
		A client.U64       `json:"a"`
		B client.U64       `json:"b"`
		Q *client.Quantity `json:"q"`
	}
	if err := json.Unmarshal([]byte(`{"a":"18446744073709551615","b":7,"q":"0x1bc16d674ec80000"}`), &v); err != nil {
		t.Fatal(err)
	}
	back, _ := json.Marshal(v)
	if string(back) != `{"a":"18446744073709551615","b":"7","q":"0x1bc16d674ec80000"}` || v.Q.ToInt().String() != "2000000000000000000" {
		t.Fatalf("got %s, q %s", back, v.Q.ToInt())
	}
	for _, bad := range []string{`{"a":"-1"}`, `{"a":"01"}`, `{"a":"1e3"}`, `{"q":"12"}`, `{"q":"0x"}`} {
		if err := json.Unmarshal([]byte(bad), &v); err == nil {
			t.Fatalf("%s decoded", bad)
		}
	}
}
