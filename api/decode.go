package api

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"reflect"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/internal/jsonscan"
	"github.com/wallzero/wallzero/service/records"
)

// decodeBody reads the request body (at most limit bytes, within the
// server's BodyTimeout) into v, strictly: Content-Type application/json,
// one JSON value checked to the last byte (see jsonscan.Scan), no unknown
// fields. Errors are *wallzero.Error values naming the field: 415 for
// another media type, 408 for a body that does not arrive in time, 413
// for one too large, 400 for everything else.
func (s *server) decodeBody(c *gin.Context, v any) error {
	if err := checkJSONContentType(c.GetHeader("Content-Type")); err != nil {
		return err
	}
	body, err := readBody(c, s.cfg.MaxBodyBytes, s.cfg.BodyTimeout)
	if err != nil {
		return err
	}
	return decodeJSON(body, v)
}

// checkJSONContentType accepts application/json, with an optional charset
// parameter of utf-8 (any case), and refuses anything else, missing
// included: a cross-site form can post text/plain without a CORS
// preflight, never application/json.
func checkJSONContentType(ct string) error {
	unsupported := func(msg string) error {
		return &wallzero.Error{Code: wallzero.CodeUnsupportedMediaType, Field: "Content-Type", Message: msg}
	}
	if strings.TrimSpace(ct) == "" {
		return unsupported("no Content-Type: send the body as application/json")
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return unsupported(fmt.Sprintf("%q is not application/json", clipText(ct, 100)))
	}
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return unsupported(fmt.Sprintf("%q: the only parameter application/json takes here is charset=utf-8", clipText(ct, 100)))
		}
	}
	return nil
}

// readBody reads the whole body, at most limit bytes. A body that has not
// arrived within timeout (when positive) is dropped: the connection's read
// deadline is set for the read and cleared after it, so a client that
// sends headers and then stalls holds the connection no longer than that.
// (http.Server.ReadTimeout would instead cancel the context of long
// requests through net/http's background read.)
func readBody(c *gin.Context, limit int64, timeout time.Duration) ([]byte, error) {
	rc := http.NewResponseController(c.Writer)
	deadline := timeout > 0 && rc.SetReadDeadline(time.Now().Add(timeout)) == nil
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, limit))
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		// The deadline stays: net/http's attempt to discard the rest of
		// the body after the answer then fails at once, and the
		// connection is closed.
		c.Header("Connection", "close")
		return nil, &wallzero.Error{Code: wallzero.CodeRequestTimeout, Message: fmt.Sprintf("the request body did not arrive within %v", timeout), Err: err}
	}
	if deadline {
		// Lift the deadline: net/http's background read, which watches
		// for the client going away while the handler runs, must not
		// time out (that would cancel the request's context). net/http
		// clears it too when it starts that read; this keeps the
		// guarantee here.
		_ = rc.SetReadDeadline(time.Time{})
	}
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, &wallzero.Error{Code: wallzero.CodeTooLarge, Message: fmt.Sprintf("the request body exceeds %d bytes", limit)}
		}
		return nil, &wallzero.Error{Code: wallzero.CodeInvalid, Message: "reading the request body: " + err.Error(), Err: err}
	}
	return body, nil
}

// clipText shortens s to at most n bytes for a message.
func clipText(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// bodyDecoder is the strict decoder of request bodies and JSON query
// parameters: strings of at most jsonscan.MaxStringBytes, but a game
// record's text (POST /v1/records/import) up to records.MaxRecordTextBytes,
// a JSON record of a whole game being some kilobytes.
var bodyDecoder = jsonscan.Decoder{LongStrings: map[reflect.Type]int{
	reflect.TypeFor[records.RecordText](): records.MaxRecordTextBytes,
}}

// decodeJSON decodes one JSON value into v strictly (bodyDecoder), so
// that every error is a *wallzero.Error of code invalid naming the full
// JSON path of its field.
func decodeJSON(body []byte, v any) error {
	err := bodyDecoder.Decode(body, v)
	var je *jsonscan.Error
	if errors.As(err, &je) {
		return &wallzero.Error{Code: wallzero.CodeInvalid, Field: je.Field, Message: je.Message}
	}
	return err
}
