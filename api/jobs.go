package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/service/jobs"
)

// createReview godoc
//
//	@Summary		Review a game
//	@Description	Queues the review of a whole game of two, three or four players: every position is analysed (reusing cached analyses; three and four players by the multi-player model's max-n search, or the heuristic's when the service runs without one). The job is stored before the 202 answer. GET /v1/reviews/{id} then gives its status, progress and, when done, the win-rate curve (one point per ply: Red's win rate, and every player's in winrates), each move's loss for its mover against the engine's best move, the best alternative, a classification (inaccuracy, mistake, blunder at 5, 10, 15 points of win-rate loss), per-player accuracy (Lichess's formula: 103.1668 * exp(-0.04354 * loss in points) - 3.1669, averaged) and the key moves (largest swings: Red's with two players, the mover's with more). A three-player game's wall breaks are reviewed like any move.
//	@Tags			jobs
//	@Accept			json
//	@Produce		json
//	@Param			review	body		jobs.ReviewRequest	true	"the game"
//	@Success		202		{object}	jobs.Job
//	@Header			202		{string}	Location	"/v1/reviews/{id}"
//	@Failure		400		{object}	ErrorResponse
//	@Failure		413		{object}	ErrorResponse
//	@Failure		503		{object}	ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@Failure		408	{object}	ErrorResponse	"the request body did not arrive within -body-timeout"
//	@Failure		415	{object}	ErrorResponse	"the body is not sent as application/json"
//	@Failure		429	{object}	ErrorResponse	"the API key is over a quota (Retry-After says when to try again)"
//	@ID				createReview
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/reviews [post]
func (s *server) createReview(c *gin.Context) {
	var r jobs.ReviewRequest
	if err := s.decodeBody(c, &r); err != nil {
		writeError(c, err)
		return
	}
	j, err := s.jobs.SubmitReview(c.Request.Context(), &r)
	if err != nil {
		writeError(c, err)
		return
	}
	c.Header("Location", "/v1/reviews/"+j.ID)
	c.JSON(http.StatusAccepted, j)
}

// getReview godoc
//
//	@Summary	A review's status, progress and result
//	@Tags		jobs
//	@Produce	json
//	@Param		id	path		string	true	"job id"
//	@Success	200	{object}	wire.ReviewJob
//	@Failure	404	{object}	ErrorResponse
//	@Security		BearerAuth
//	@Failure		400	{object}	ErrorResponse	"a malformed id or parameter"
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@ID				getReview
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router		/v1/reviews/{id} [get]
func (s *server) getReview(c *gin.Context) {
	j, err := s.jobs.Review(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, wire.FromReviewJob(j))
}

// getPuzzles godoc
//
//	@Summary		Puzzles from a review's mistakes
//	@Description	The positions of a finished review where a player lost at least a mistake's worth (0.10 of win rate) and one move is clearly best: the same best move at the review's visits and at four times as many, ahead of every other by at least 0.15, or proven to be the only win. Each puzzle has the record up to its position, the move played and what it cost, the solution with its line, and the review's explanation; the mistakes left out are listed with the reason. The searches go through the analysis cache, so a second call is fast.
//	@Tags			jobs
//	@Produce		json
//	@Param			id	path		string	true	"review id"
//	@Success		200	{object}	wire.PuzzleSet
//	@Failure		404	{object}	ErrorResponse	"no such review"
//	@Failure		409	{object}	ErrorResponse	"the review has not finished"
//	@Security		BearerAuth
//	@Failure		400	{object}	ErrorResponse	"a malformed id or parameter"
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@ID				getReviewPuzzles
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/reviews/{id}/puzzles [get]
func (s *server) getPuzzles(c *gin.Context) {
	p, err := s.jobs.Puzzles(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, wire.FromPuzzleSet(p))
}

// createOpenings godoc
//
//	@Summary		Score a batch of openings
//	@Description	Queues a job that scores each opening (a sequence of setup placements from the rules' start, either opening, of a game of two, three or four players) by a search: Red's win rate, the evaluator's value and the visits, ranked best for Red first; with three or four players also every player's win rate and value (winrates, values), from the multi-player model. Openings that reach the same position up to rotation or mirror are searched once; cached positions are reused. Up to the configured batch size (default 10000) per job.
//	@Tags			jobs
//	@Accept			json
//	@Produce		json
//	@Param			batch	body		jobs.OpeningsRequest	true	"the openings"
//	@Success		202		{object}	jobs.Job
//	@Header			202		{string}	Location	"/v1/jobs/{id}"
//	@Failure		400		{object}	ErrorResponse
//	@Failure		413		{object}	ErrorResponse	"body or batch too large"
//	@Failure		503		{object}	ErrorResponse	"no database"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@Failure		408	{object}	ErrorResponse	"the request body did not arrive within -body-timeout"
//	@Failure		415	{object}	ErrorResponse	"the body is not sent as application/json"
//	@Failure		429	{object}	ErrorResponse	"the API key is over a quota (Retry-After says when to try again)"
//	@ID				createOpeningsBatch
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/openings/batch [post]
func (s *server) createOpenings(c *gin.Context) {
	var r jobs.OpeningsRequest
	if err := s.decodeBody(c, &r); err != nil {
		writeError(c, err)
		return
	}
	j, err := s.jobs.SubmitOpenings(c.Request.Context(), &r)
	if err != nil {
		writeError(c, err)
		return
	}
	c.Header("Location", "/v1/jobs/"+j.ID)
	c.JSON(http.StatusAccepted, j)
}

// getJob godoc
//
//	@Summary		A job's status, progress and result
//	@Description	Any job (review or opening batch); the result (service.ReviewResult or service.OpeningsResult) is present once the status is succeeded.
//	@Tags			jobs
//	@Produce		json
//	@Param			id	path		string	true	"job id"
//	@Success		200	{object}	jobs.Job
//	@Failure		404	{object}	ErrorResponse
//	@Security		BearerAuth
//	@Failure		400	{object}	ErrorResponse	"a malformed id or parameter"
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@ID				getJob
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/jobs/{id} [get]
func (s *server) getJob(c *gin.Context) {
	j, err := s.jobs.Job(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, j)
}

// cancelJob godoc
//
//	@Summary		Cancel a job
//	@Description	Cancels a queued or running job; a running one stops at its next progress update. A job that already ended gives 409.
//	@Tags			jobs
//	@Produce		json
//	@Param			id	path		string	true	"job id"
//	@Success		200	{object}	jobs.Job
//	@Failure		404	{object}	ErrorResponse
//	@Failure		409	{object}	ErrorResponse	"the job already ended"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@ID				cancelJob
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/jobs/{id} [delete]
func (s *server) cancelJob(c *gin.Context) {
	j, err := s.jobs.CancelJob(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, j)
}
