package api

import (
	"errors"
	"testing"

	"github.com/wallzero/wallzero/service"
)

// FuzzDecodeQuery: any body decodes into a query or gives a *service.Error
// of code invalid, never a panic or another error type.
func FuzzDecodeQuery(f *testing.F) {
	for _, s := range []string{`{"moves":["C3"]}`, `{"moves":[1]}`, `{"rules":{"x":1}}`, `{`, ``, `[]`, `{"maxVisits":"a"}`, `{} {}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var q service.Query
		err := decodeJSON(body, &q)
		if err == nil {
			return
		}
		var se *service.Error
		if !errors.As(err, &se) || se.Code != service.CodeInvalid || se.Message == "" {
			t.Fatalf("decode %q: %#v", body, err)
		}
	})
}
