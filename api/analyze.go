package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
)

// AnalyzeResponse is the answer of POST /v1/analyze.
type AnalyzeResponse struct {
	// ID echoes the query's id.
	ID string `json:"id,omitempty" example:"hint-1"`
	// Analyses holds one analysis per asked turn, in the order asked.
	Analyses []*wire.Analysis `json:"analyses"`
}

// analyze godoc
//
//	@Summary		Analyse a position
//	@Description	Analyses a position given as a game record (rules, optional explicit board, moves): ranked moves with visits, win rate, prior, LCB, territory margin and principal variation; the root's win rate; and, when asked, reachability maps (Red-only, Blue-only, shared), predicted ownership per square (A1..G7, Red +1, Blue -1) and raw policy. analyzeTurns picks earlier positions of the record (default: the final one).
//	@Description	Synchronous with a deadline, at interactive priority. Answers come from the PostgreSQL cache when it holds an analysis with at least maxVisits of the same position or of any rotation or mirror of it (cache.hit).
//	@Tags			analysis
//	@Accept			json
//	@Description	Streaming: with Accept: text/event-stream (server-sent events "analysis", then "done") or application/x-ndjson (one analysis per line), partial analyses (isDuringSearch true) are sent every reportDuringSearchEvery seconds or reportDuringSearchEveryVisits visits while the search runs, then the final analyses (isDuringSearch false). docs/protocol.md describes the fields after KataGo's analysis engine.
//	@Produce		json
//	@Produce		text/event-stream
//	@Produce		application/x-ndjson
//	@Param			query	body		analysis.Query	true	"the position to analyse"
//	@Success		200		{object}	AnalyzeResponse
//	@Failure		400		{object}	ErrorResponse	"malformed JSON, unknown field, illegal move, wrong turn order, too many visits"
//	@Failure		413		{object}	ErrorResponse	"body too large"
//	@Failure		503		{object}	ErrorResponse	"the service is at capacity (Retry-After says when to try again) or a dependency is down"
//	@Failure		504		{object}	ErrorResponse	"the deadline passed"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@Failure		408	{object}	ErrorResponse	"the request body did not arrive within -body-timeout"
//	@Failure		415	{object}	ErrorResponse	"the body is not sent as application/json"
//	@Failure		429	{object}	ErrorResponse	"the API key is over a quota, or the client holds -max-streams-per-key streamed analyses (Retry-After says when to try again)"
//	@ID				analyzePosition
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/analyze [post]
func (s *server) analyze(c *gin.Context) {
	// The client (key, or the connection's address: X-Forwarded-For is
	// the client's to choose) spreads the Retry-After of refusals and
	// holds the streams' bound per client.
	c.Request = c.Request.WithContext(access.WithClient(c.Request.Context(), access.ClientOf(access.CallerFrom(c.Request.Context()), c.RemoteIP())))
	if err := s.adm.Full(c.Request.Context()); err != nil { // refused before reading the body
		writeError(c, err)
		return
	}
	var q analysis.Query
	if err := s.decodeBody(c, &q); err != nil {
		writeError(c, err)
		return
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), s.cfg.RequestTimeout)
	defer cancel()
	if media := streamType(c.GetHeader("Accept")); media != "" {
		s.analyzeStream(c, ctx, &q, media)
		return
	}
	res, err := s.analyses.Analyze(ctx, &q, nil)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, AnalyzeResponse{ID: q.ID, Analyses: wire.FromAnalyses(res)})
}
