package noderpc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"
)

// U64 is an unsigned 64-bit integer the node sends as a decimal string ("1000000"); a JSON number is
// accepted too. It is sent as a decimal string.
type U64 uint64

// MarshalJSON writes the decimal string form.
func (v U64) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatUint(uint64(v), 10) + `"`), nil
}

// UnmarshalJSON reads a decimal string or a JSON number.
func (v *U64) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	n, err := strconv.ParseUint(unquote(b), 10, 64)
	if err != nil || !decimal(unquote(b)) {
		return fmt.Errorf("expected an unsigned 64-bit integer (decimal string or number), got %s", b)
	}
	*v = U64(n)
	return nil
}

// U64Number is an unsigned 64-bit integer the node sends as a plain JSON number.
type U64Number uint64

// MarshalJSON writes a JSON number.
func (v U64Number) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatUint(uint64(v), 10)), nil
}

// UnmarshalJSON reads a JSON number or a decimal string.
func (v *U64Number) UnmarshalJSON(b []byte) error {
	var u U64
	if err := u.UnmarshalJSON(b); err != nil {
		return err
	}
	*v = U64Number(u)
	return nil
}

// U32 is an unsigned 32-bit (or smaller) integer, sent as a decimal string; a JSON number is accepted too.
type U32 uint32

// MarshalJSON writes the decimal string form.
func (v U32) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatUint(uint64(v), 10) + `"`), nil
}

// UnmarshalJSON reads a decimal string or a JSON number.
func (v *U32) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	n, err := strconv.ParseUint(unquote(b), 10, 32)
	if err != nil || !decimal(unquote(b)) {
		return fmt.Errorf("expected an unsigned 32-bit integer (decimal string or number), got %s", b)
	}
	*v = U32(n)
	return nil
}

// Float4 is a number the node sends as a string with four decimals ("99.5000"); a JSON number is accepted.
type Float4 float64

// MarshalJSON writes the string form with four decimals.
func (v Float4) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatFloat(float64(v), 'f', 4, 64) + `"`), nil
}

// UnmarshalJSON reads a decimal string or a JSON number.
func (v *Float4) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	f, err := strconv.ParseFloat(unquote(b), 64)
	if err != nil {
		return fmt.Errorf("expected a number (decimal string or number), got %s", b)
	}
	*v = Float4(f)
	return nil
}

// Quantity is an unsigned integer of any size in the EVM's 0x-prefixed hex form ("0x1a2b"). Convert with
// (*big.Int)(q) or q.ToInt(); make one with NewQuantity.
type Quantity big.Int

// NewQuantity wraps x (which must not be negative).
func NewQuantity(x *big.Int) *Quantity { return (*Quantity)(x) }

// QuantityOf makes a Quantity from a uint64.
func QuantityOf(x uint64) *Quantity { return (*Quantity)(new(big.Int).SetUint64(x)) }

// MustQuantity makes a Quantity from its 0x-prefixed hex form, for values past 64 bits written in code; it
// panics on anything else (as regexp.MustCompile does).
func MustQuantity(hex string) *Quantity {
	q := new(Quantity)
	if err := q.UnmarshalJSON([]byte(`"` + hex + `"`)); err != nil {
		panic(err)
	}
	return q
}

// ToInt returns the value as a *big.Int (the same memory).
func (q *Quantity) ToInt() *big.Int { return (*big.Int)(q) }

// String returns the hex form.
func (q *Quantity) String() string { return "0x" + (*big.Int)(q).Text(16) }

// MarshalJSON writes the 0x-prefixed hex form.
func (q *Quantity) MarshalJSON() ([]byte, error) {
	if (*big.Int)(q).Sign() < 0 {
		return nil, fmt.Errorf("a quantity cannot be negative: %s", (*big.Int)(q))
	}
	return []byte(`"` + q.String() + `"`), nil
}

// UnmarshalJSON reads the 0x-prefixed hex form.
func (q *Quantity) UnmarshalJSON(b []byte) error {
	s := unquote(b)
	if len(b) < 2 || b[0] != '"' || !strings.HasPrefix(s, "0x") || len(s) < 3 {
		return fmt.Errorf("expected a 0x-prefixed hex quantity, got %s", b)
	}
	if _, ok := (*big.Int)(q).SetString(s[2:], 16); !ok {
		return fmt.Errorf("expected a 0x-prefixed hex quantity, got %s", b)
	}
	return nil
}

func unquote(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		return string(b[1 : len(b)-1])
	}
	return string(b)
}

func decimal(s string) bool {
	if s == "" || (len(s) > 1 && s[0] == '0') {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Opt is an optional field that keeps its three wire states apart: absent (the zero Opt), present as
// null, and present with a value (an empty list stays []). Make one with Some or Null; a struct with Opt
// fields leaves the absent ones out when it is marshalled.
type Opt[T any] struct {
	Value T
	// Set is true when the field is present on the wire, as null or as a value.
	Set bool
	// Null is true when the field is present as null.
	Null bool
}

// Some returns a present Opt holding v.
func Some[T any](v T) Opt[T] { return Opt[T]{Value: v, Set: true} }

// Null returns an Opt present as null.
func Null[T any]() Opt[T] { return Opt[T]{Set: true, Null: true} }

// Ptr returns a pointer to v, for optional params and fields given inline.
func Ptr[T any](v T) *T { return &v }

// Get returns the value and whether there is one (false when absent or null).
func (o Opt[T]) Get() (T, bool) { return o.Value, o.Set && !o.Null }

// Absent reports whether the field is left out.
func (o Opt[T]) Absent() bool { return !o.Set }

// MarshalJSON writes null or the value (a struct leaves an absent Opt out before this is called).
func (o Opt[T]) MarshalJSON() ([]byte, error) {
	if !o.Set || o.Null {
		return []byte("null"), nil
	}
	return json.Marshal(o.Value)
}

// UnmarshalJSON records that the field is present, and whether it is null.
func (o *Opt[T]) UnmarshalJSON(b []byte) error {
	var zero T
	o.Value, o.Set, o.Null = zero, true, string(bytes.TrimSpace(b)) == "null"
	if o.Null {
		return nil
	}
	return json.Unmarshal(b, &o.Value)
}

// moved reports whether a listing's next cursor differs from the one just sent: a page that does not move
// the cursor ends the listing rather than asking for itself again.
func moved(sent, next any) bool {
	a, errA := json.Marshal(sent)
	b, errB := json.Marshal(next)
	return errA != nil || errB != nil || !bytes.Equal(a, b)
}

type absenter interface{ Absent() bool }

// marshalFields marshals a struct as encoding/json does (json tags, omitempty), leaving out absent Opt
// fields, which encoding/json before Go 1.24 cannot omit.
func marshalFields(v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	rt := rv.Type()
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fv := rv.Field(i)
		if a, ok := fv.Interface().(absenter); ok && a.Absent() {
			continue
		}
		if opts == "omitempty" && empty(fv) {
			continue
		}
		value, err := json.Marshal(fv.Interface())
		if err != nil {
			return nil, err
		}
		key, _ := json.Marshal(name)
		if buf.Len() > 1 {
			buf.WriteByte(',')
		}
		buf.Write(key)
		buf.WriteByte(':')
		buf.Write(value)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// empty is encoding/json's test for omitempty.
func empty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}

var _ json.Marshaler = U64(0)
