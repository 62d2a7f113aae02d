package api

import (
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/internal/reqid"
)

// requestID gives every request an id: the client's X-Request-ID when it
// is a sensible one, else a new one. The id is echoed in the response
// header, carried by the request's context (so every log line about the
// request has it) and put in every error body.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader(reqid.Header)
		if !reqid.Valid(id) {
			id = reqid.New()
		}
		c.Header(reqid.Header, id)
		c.Request = c.Request.WithContext(reqid.With(c.Request.Context(), id))
		c.Next()
	}
}

// accessLog logs one structured line per request.
func (s *server) accessLog() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		status := c.Writer.Status()
		level := slog.LevelInfo
		switch {
		case status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout:
			level = slog.LevelWarn // overload and outages: expected, counted in /metrics
		case status >= 500:
			level = slog.LevelError
		case c.FullPath() == "/healthz" || c.FullPath() == "/readyz" || c.FullPath() == "/metrics":
			level = slog.LevelDebug
		}
		attrs := []any{"method", c.Request.Method, "path", c.Request.URL.Path, "status", status,
			"ms", float64(time.Since(start).Microseconds()) / 1000, "bytes", c.Writer.Size(), "remote", c.ClientIP()}
		if len(c.Errors) > 0 {
			attrs = append(attrs, "error", c.Errors.String())
		}
		s.log.Log(c.Request.Context(), level, "request", attrs...)
	}
}

// recovery turns a panic into a 500 JSON error and logs the stack.
func (s *server) recovery() gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(c.Request.Context(), "panic", "value", fmt.Sprint(v), "stack", string(debug.Stack()))
				writeError(c, &wallzero.Error{Code: wallzero.CodeInternal, Message: "internal error"})
			}
		}()
		c.Next()
	}
}
