package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/records"
)

// position godoc
//
//	@Summary		The state and legal moves of a position
//	@Description	Replays a game record (rules, optional explicit start board, moves) and describes its final position for a board that keeps no rules of its own: the position as a diagram (stones, walls with their builders, player to move, phase, breaks used), the phase, the player to move (none when over), whether a three-player wall break left that player mid-turn, the setup placements made of all, every legal move in the project's notation, who made each move, the turns skipped (docs/rules.md "Skipped turns") after each move, the land each player has closed, and, when the game is over, the result (scores, largest regions, winners and what decided it).
//	@Description	A board with moves: [] checks a hand-placed position (the free editor): errors name the diagram's field (board.stones.red[2], board.walls[1].side, board.toMove). No search runs: no admission slot is taken and nothing is charged to the key's visits.
//	@Tags			positions
//	@Accept			json
//	@Produce		json
//	@Param			record	body		engine.Record	true	"the game record"
//	@Success		200		{object}	records.PositionView
//	@Failure		400		{object}	ErrorResponse	"malformed JSON, unknown field, bad rules (rules.players), a bad board diagram (board.walls[2]), an illegal or unparsable move (moves[4]) or wrong turn order"
//	@Failure		413		{object}	ErrorResponse	"body too large, or more moves than the service's limit (field moves)"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@Failure		408	{object}	ErrorResponse	"the request body did not arrive within -body-timeout"
//	@Failure		415	{object}	ErrorResponse	"the body is not sent as application/json"
//	@ID				describePosition
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/position [post]
func (s *server) position(c *gin.Context) {
	var rec engine.Record
	if err := s.decodeBody(c, &rec); err != nil {
		writeError(c, err)
		return
	}
	v, err := records.PositionOf(rec, s.limits)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

// registerPosition adds POST /v1/position. It runs no search, so it does
// not go through admission control.
func (s *server) registerPosition(v1 *gin.RouterGroup) {
	v1.POST("/position", s.position)
}
