package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/wallzero/wallzero/service/play"
)

// listLevels godoc
//
//	@Summary		The levels to play against
//	@Description	The named engine levels POST /v1/play plays at, weakest first: each with its rating on the project's rating list (Bradley-Terry on the Elo scale, voronoi-hard = 0, with a 95% bootstrap interval), its rated games and those against the list's anchors, the longest it thinks about a move, and the player counts it plays (the network's levels play two-player games only). Without a levels file the list is empty and note says why.
//	@Tags			play
//	@Produce		json
//	@Success		200	{object}	play.LevelsView
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@ID				listLevels
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/levels [get]
func (s *server) listLevels(c *gin.Context) {
	c.JSON(http.StatusOK, s.play.Levels())
}

// playMove godoc
//
//	@Summary		Play a move at a level
//	@Description	The level's player chooses the next move of the game given as a record (rules, optional explicit board, moves) and the answer names it with its ply (its index in the record). A three-player wall break ("xD4:E") comes back as a move of its own with midTurn true: the same player is still to move, and the client asks again with the break appended. seed makes the level's random choices reproducible (absent: a random one, returned).
//	@Description	The answer comes within the level's maxMoveMs (GET /v1/levels). A level that searches waits for a search slot of the admission controller and runs at interactive priority like POST /v1/analyze, its visits charged to the API key; a client that goes away stops the search.
//	@Tags			play
//	@Accept			json
//	@Produce		json
//	@Param			request	body		play.Request	true	"the game and the level"
//	@Success		200		{object}	play.Move
//	@Failure		400		{object}	ErrorResponse	"malformed JSON, unknown field, an unknown level (field level; the message lists the valid ids, or says why the service has none), bad rules or a level that does not play that many players (rules.players), an illegal or unparsable move (moves[4]), a finished game (moves)"
//	@Failure		413		{object}	ErrorResponse	"body too large, or more moves than the service's limit (field moves)"
//	@Failure		503		{object}	ErrorResponse	"the service is at capacity (Retry-After says when to try again)"
//	@Failure		504		{object}	ErrorResponse	"the level did not move within its budget, or the request's deadline passed"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@Failure		408	{object}	ErrorResponse	"the request body did not arrive within -body-timeout"
//	@Failure		415	{object}	ErrorResponse	"the body is not sent as application/json"
//	@Failure		429	{object}	ErrorResponse	"the API key is over a quota (Retry-After says when to try again)"
//	@ID				playMove
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/play [post]
func (s *server) playMove(c *gin.Context) {
	var req play.Request
	if err := s.decodeBody(c, &req); err != nil {
		writeError(c, err)
		return
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), s.cfg.RequestTimeout)
	defer cancel()
	m, err := s.play.Play(ctx, &req)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, m)
}

// registerPlay adds GET /v1/levels and POST /v1/play.
func (s *server) registerPlay(v1 *gin.RouterGroup) {
	v1.GET("/levels", s.listLevels)
	v1.POST("/play", s.playMove)
}
