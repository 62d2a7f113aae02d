package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero/service/jobs"
)

// estimateRating godoc
//
//	@Summary		One player's rating from several reviewed games
//	@Description	Combines the rating estimates of one player's reviewed games (each review's id and the colour the player had) into one estimate on the project's rating list (Elo, voronoi-hard = 0) with a 95% interval that narrows with the games' number, down to the error the calibration makes on every game of a player alike. Every review must have finished, with one model at one number of visits that a calibration covers (the service's default review visits have one). A game with too few moves in open positions is listed with the reason and left out. The answer also gives each game's own estimate. See docs/reviews.md, "Rating estimate".
//	@Tags			jobs
//	@Accept			json
//	@Produce		json
//	@Param			games	body		jobs.RatingRequest	true	"the player's reviewed games"
//	@Success		200		{object}	jobs.RatingResult
//	@Failure		400		{object}	ErrorResponse	"a malformed request, an unknown colour, reviews of different models or visits, or no calibration for them (the field names the game)"
//	@Failure		404		{object}	ErrorResponse	"no such review (the field names the game)"
//	@Failure		409		{object}	ErrorResponse	"a review has not finished"
//	@Failure		413		{object}	ErrorResponse	"too many games"
//	@Security		BearerAuth
//	@Failure		401	{object}	ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		403	{object}	ErrorResponse	"a cross-origin request from an origin not in -cors-origins"
//	@Failure		408	{object}	ErrorResponse	"the request body did not arrive within -body-timeout"
//	@Failure		415	{object}	ErrorResponse	"the body is not sent as application/json"
//	@ID				estimateRating
//	@Failure		500	{object}	ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/ratings/estimate [post]
func (s *server) estimateRating(c *gin.Context) {
	var r jobs.RatingRequest
	if err := s.decodeBody(c, &r); err != nil {
		writeError(c, err)
		return
	}
	res, err := s.jobs.Rating(c.Request.Context(), &r)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}
