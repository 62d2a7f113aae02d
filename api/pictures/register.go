// Package pictures is HTTP only: the picture endpoints, GET
// /v1/render/board.svg (a position with its overlays, the query read
// strictly by api/query, an analysis where the picture asks for the
// engine's moves or ownership) and GET /v1/reviews/{id}/winrate.svg (a
// finished review's win-rate curve). The api package registers them and
// lends its error answer and its JSON decoder; service/render draws.
package pictures

import (
	"time"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs"
)

// Deps are what the handlers need: the service's parts and what the api
// package lends.
type Deps struct {
	// Analyses answers the pictures that draw the engine's moves or
	// ownership; Jobs holds the reviews whose curves are drawn.
	Analyses *analysis.Cached
	Jobs     *jobs.Runner
	// Limits bound the analyses' budgets; RequestTimeout bounds one.
	Limits         analysis.Limits
	RequestTimeout time.Duration
	// Error writes an error answer (the ErrorResponse with the code's
	// status); Decode decodes a parameter's JSON strictly, its errors
	// naming the JSON path.
	Error  func(c *gin.Context, err error)
	Decode func(data []byte, v any) error
}

// handlers serve the picture endpoints.
type handlers struct {
	d Deps
}

// Register adds GET /v1/render/board.svg and GET
// /v1/reviews/{id}/winrate.svg to r.
func Register(r *gin.Engine, d Deps) {
	h := &handlers{d: d}
	r.GET("/v1/render/board.svg", h.boardSVG)
	r.GET("/v1/reviews/:id/winrate.svg", h.reviewWinrateSVG)
}
