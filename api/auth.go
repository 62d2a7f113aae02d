package api

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/api/metrics"
	"github.com/wallzero/wallzero/service/access"
)

// useAuth installs API key authentication when the service has a key
// verifier (-auth required): every /v1 endpoint, the picture endpoints
// included, then needs `Authorization: Bearer <token>`; /healthz, /readyz,
// /metrics, /docs, /openapi.json, /swagger.json and the review page's static files stay
// open. It also exports the per-key metrics. With -auth off it does
// nothing and every request is the anonymous caller. New calls it before
// registering routes.
func (s *server) useAuth(r *gin.Engine, reg prometheus.Registerer) {
	auth := s.auth
	if auth == nil {
		return
	}
	reg.MustRegister(metrics.NewKeyCollector(auth))
	r.Use(func(c *gin.Context) {
		p := c.Request.URL.Path
		if c.Request.Method == http.MethodOptions || p != "/v1" && !strings.HasPrefix(p, "/v1/") {
			c.Next() // open endpoints; CORS preflights carry no credentials
			return
		}
		token, ok := bearerToken(c.GetHeader("Authorization"))
		if !ok {
			unauthorized(c, access.ErrNoKey)
			return
		}
		caller, err := auth.Authenticate(c.Request.Context(), token)
		if err != nil {
			unauthorized(c, err)
			return
		}
		c.Request = c.Request.WithContext(access.WithCaller(c.Request.Context(), caller))
		c.Next()
	})
}

// bearerToken returns the token of an `Authorization: Bearer <token>`
// header (the scheme in any case).
func bearerToken(h string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(h), " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return "", false
	}
	return token, true
}

// unauthorized answers err, with the WWW-Authenticate challenge of RFC
// 6750 when err is CodeUnauthorized.
func unauthorized(c *gin.Context, err error) {
	if wallzero.ErrorCode(err) == wallzero.CodeUnauthorized {
		c.Header("WWW-Authenticate", `Bearer realm="wallzero"`)
	}
	writeError(c, err)
}
