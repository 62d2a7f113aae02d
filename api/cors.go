package api

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/wallzero/wallzero"
)

// cors applies the cross-origin policy. With no allowed origins (the
// default) it is off: no CORS headers are sent, so browsers keep pages of
// other sites from reading answers, and requests that change something
// (anything but GET, HEAD and OPTIONS) from a foreign Origin are refused
// with 403 before any work starts. Same-origin requests (the review page)
// always pass. Origins in the allow-list (or every origin for "*") get the
// CORS headers and preflight answers.
func cors(allowed []string) gin.HandlerFunc {
	allow := map[string]bool{}
	any := false
	for _, o := range allowed {
		o = strings.TrimRight(strings.TrimSpace(o), "/")
		if o == "*" {
			any = true
		} else if o != "" {
			allow[strings.ToLower(o)] = true
		}
	}
	return func(c *gin.Context) {
		origin := c.GetHeader("Origin")
		if origin == "" || sameOrigin(origin, c.Request) {
			c.Next()
			return
		}
		ok := any || allow[strings.ToLower(strings.TrimRight(origin, "/"))]
		if ok {
			h := c.Writer.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Add("Vary", "Origin")
			h.Set("Access-Control-Expose-Headers", "Location, Retry-After, X-Request-ID")
		}
		if c.Request.Method == http.MethodOptions && c.GetHeader("Access-Control-Request-Method") != "" {
			if !ok {
				writeError(c, &wallzero.Error{Code: wallzero.CodeForbidden, Field: "Origin", Message: "cross-origin requests from " + origin + " are not allowed (see -cors-origins)"})
				return
			}
			h := c.Writer.Header()
			h.Set("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-ID")
			h.Set("Access-Control-Max-Age", "600")
			c.AbortWithStatus(http.StatusNoContent)
			return
		}
		if !ok && !safeMethod(c.Request.Method) {
			writeError(c, &wallzero.Error{Code: wallzero.CodeForbidden, Field: "Origin", Message: "cross-origin requests from " + origin + " are not allowed (see -cors-origins)"})
			return
		}
		c.Next()
	}
}

// sameOrigin reports whether origin names the host the request was sent
// to.
func sameOrigin(origin string, r *http.Request) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	return strings.EqualFold(u.Host, r.Host)
}

// safeMethod reports whether a method only reads.
func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}
