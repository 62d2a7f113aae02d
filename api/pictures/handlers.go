package pictures

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/api/query"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/render"
)

// SVGType is the media type of the pictures.
const SVGType = "image/svg+xml; charset=utf-8"

// boardSVG draws a position as SVG (GET /v1/render/board.svg).
//
// The position is a game record, given either as `record` (the record's
// JSON) or as `moves` (comma-separated, in notation) with optional `opening`
// (empty or four-stone), `players`, `stay`, `tieBreak` and `board` (an
// explicit start position's JSON). `turn` picks the position after that
// many moves (default: all). Overlays: `includeReachability`, `territory`, `last`
// (default true) are booleans; `ownership` is 49 comma-separated values in
// [-1, 1] (Red's view, A1..G7) or `1` for the analysis' prediction;
// `candidates` is a list like `E5-E4:N@0.62,C3-C4:E` (moves with the
// mover's win rate); `played` is one such move, drawn as the move played;
// `distances` is the square of a stone; `topK=N` draws the engine's N
// best moves (with `maxVisits`, default the service's); `title` replaces the
// picture's title.
//
//	@Summary		Draw a board diagram
//	@Description	SVG of a position with optional overlays: reachability, settled territory, predicted ownership, candidate moves, step distances.
//	@Tags			pictures
//	@Produce		image/svg+xml
//	@Param			moves				query		string	false	"moves in notation, comma-separated (instead of record)"	example(C3,E3,C5,E5)
//	@Param			record				query		string	false	"a whole game record as JSON (instead of moves and the rules parameters)"
//	@Param			opening				query		string	false	"rules.opening: empty or four-stone (default four-stone with 2 players)"	Enums(empty, four-stone)
//	@Param			players				query		int		false	"rules.players: 2, 3 or 4 (default 2)"	minimum(2)	maximum(4)
//	@Param			stay				query		string	false	"rules.stay: always or step-out (default always)"	Enums(always, step-out)
//	@Param			tieBreak			query		string	false	"rules.tieBreak: largest-region or none (default largest-region)"	Enums(largest-region, none)
//	@Param			board				query		string	false	"an explicit starting board as JSON (the record's board field)"
//	@Param			turn				query		int		false	"the position after this many moves (default all)"	minimum(0)
//	@Param			includeReachability	query		bool	false	"reachability overlay (the analysis's includeReachability)"
//	@Param			territory			query		bool	false	"settled territory overlay"
//	@Param			last				query		bool	false	"mark the last move (default true)"
//	@Param			ownership			query		string	false	"49 values in [-1,1] (Red's view, A1..G7) or true for the engine's prediction"
//	@Param			candidates			query		string	false	"moves with win rates, e.g. E5-E4:N@0.62,C3-C4:E"
//	@Param			played				query		string	false	"the move actually played, drawn apart from the candidates, e.g. E5-E4:N@0.55"
//	@Param			distances			query		string	false	"square of a stone whose step distances to draw"	example(E5)
//	@Param			topK				query		int		false	"draw the engine's topK best moves (0 to 16)"	minimum(0)	maximum(16)
//	@Param			maxVisits			query		int		false	"visits of that analysis (with topK or ownership=true)"	minimum(1)
//	@Param			reachDiff			query		string	false	"a legal move whose change of reachability to draw: squares gained, lost, made shared, left unreached"	example(E5-E4:N)
//	@Param			title				query		string	false	"a caption (at most 200 characters)"
//	@Success		200			{string}	string	"SVG"
//	@Failure		400			{object}	api.ErrorResponse	"bad record, move or parameter (an unknown one)"
//	@Security		BearerAuth
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@Failure		429	{object}	api.ErrorResponse	"the API key is over a quota (Retry-After says when to try again)"
//	@Failure		503	{object}	api.ErrorResponse	"the service is at capacity (Retry-After) or a dependency is down"
//	@ID				renderBoard
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router			/v1/render/board.svg [get]
func (h *handlers) boardSVG(c *gin.Context) {
	q, err := query.Parse(c.Request.URL.RawQuery)
	if err != nil {
		h.d.Error(c, err)
		return
	}
	req, err := parseBoardQuery(q, h.d.Limits, h.d.Decode)
	if err != nil {
		h.d.Error(c, err)
		return
	}
	cacheable := true
	if req.analyze > 0 || req.autoOwnership {
		cacheable = false
		ctx, cancel := context.WithTimeout(c.Request.Context(), h.d.RequestTimeout)
		defer cancel()
		if err := h.addAnalysis(ctx, req); err != nil {
			h.d.Error(c, err)
			return
		}
	}
	doc, err := render.Board(&req.pos, req.opt)
	if err != nil {
		h.d.Error(c, optionError(err))
		return
	}
	if cacheable {
		c.Header("Cache-Control", "public, max-age=3600")
	} else {
		c.Header("Cache-Control", "no-cache")
	}
	c.Data(http.StatusOK, SVGType, doc)
}

// addAnalysis analyses the position and adds its best moves and predicted
// ownership to the picture's options.
func (h *handlers) addAnalysis(ctx context.Context, req *boardRequest) error {
	q := &analysis.Query{Rules: req.record.Rules, Board: req.record.Board, Moves: req.record.Moves[:req.turn],
		MaxVisits: req.visits, TopK: max(req.analyze, 1), IncludeOwnership: req.autoOwnership}
	res, err := h.d.Analyses.AnalyzePrepared(ctx, q, req.prep.Upto(req.turn), nil)
	if err != nil {
		return err
	}
	if len(res) == 0 {
		return &wallzero.Error{Code: wallzero.CodeInternal, Message: "the analysis returned no position"}
	}
	a := res[0]
	for i, mi := range a.MoveInfos {
		if i >= req.analyze {
			break
		}
		req.opt.Candidates = append(req.opt.Candidates, render.Candidate{Move: mi.Move, Winrate: float64(mi.Winrate)})
	}
	if req.autoOwnership {
		if len(a.Ownership) != 0 {
			req.opt.Ownership = a.Ownership
		} else {
			return &wallzero.Error{Code: wallzero.CodeInvalid, Field: "ownership", Message: "the evaluator of this game predicts no ownership"}
		}
	}
	return nil
}

// optionError names the query parameter of a render.OptionError.
func optionError(err error) error {
	if oe, ok := errors.AsType[*render.OptionError](err); ok {
		return &wallzero.Error{Code: wallzero.CodeInvalid, Field: oe.Param, Message: oe.Reason, Err: err}
	}
	return &wallzero.Error{Code: wallzero.CodeInvalid, Message: err.Error(), Err: err}
}

// reviewWinrateSVG draws the win-rate curve of a finished review: Red's
// win rate per ply (two players) or one line per player in its colour
// with a legend (three or four), the setup phase shaded, inaccuracies,
// mistakes and blunders marked. `current` (a ply) adds a marker line. A
// review that has not succeeded yet answers 409.
//
//	@Summary	Draw a review's win-rate curve
//	@Description	Two players: Red's win rate per ply over red and blue areas. Three or four players: one line per player in the player's colour, with a legend. The setup phase is shaded and the inaccuracies, mistakes and blunders are marked (on the mover's line).
//	@Tags		pictures
//	@Produce	image/svg+xml
//	@Param		id		path		string	true	"review id"
//	@Param		current	query		int		false	"ply to mark"
//	@Success	200		{string}	string	"SVG"
//	@Failure	404		{object}	api.ErrorResponse	"no such review"
//	@Failure	409		{object}	api.ErrorResponse	"the review has not finished"
//	@Security		BearerAuth
//	@Failure		400	{object}	api.ErrorResponse	"a malformed id or parameter"
//	@Failure		401	{object}	api.ErrorResponse	"no valid API key (the server runs with -auth required)"
//	@ID				renderWinrateCurve
//	@Failure		500	{object}	api.ErrorResponse	"an unexpected failure (details in the server log under the request id)"
//	@Router		/v1/reviews/{id}/winrate.svg [get]
func (h *handlers) reviewWinrateSVG(c *gin.Context) {
	q, err := query.Parse(c.Request.URL.RawQuery)
	if err != nil {
		h.d.Error(c, err)
		return
	}
	for _, k := range query.Keys(q) {
		v := q[k]
		if k != "current" {
			h.d.Error(c, query.Invalid(k, "unknown query parameter (known: current)"))
			return
		}
		if len(v) > 1 {
			h.d.Error(c, query.Invalid(k, "given %d times, at most once", len(v)))
			return
		}
	}
	current := -1
	if v := q.Get("current"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			h.d.Error(c, &wallzero.Error{Code: wallzero.CodeInvalid, Field: "current", Message: fmt.Sprintf("%q is not a ply (a whole number from 0)", v)})
			return
		}
		current = n
	}
	j, err := h.d.Jobs.Review(c.Request.Context(), c.Param("id"))
	if err != nil {
		h.d.Error(c, err)
		return
	}
	if !j.Succeeded() || j.Result == nil {
		h.d.Error(c, &wallzero.Error{Code: wallzero.CodeConflict, Field: "id", Message: fmt.Sprintf(
			"review %s is %s (%d of %d positions analysed): its curve is drawn once it has succeeded", j.ID, j.Status, j.Progress.Done, j.Progress.Total)})
		return
	}
	points, setup := reviewCurve(j.Result)
	if current >= len(points) {
		h.d.Error(c, &wallzero.Error{Code: wallzero.CodeInvalid, Field: "current", Message: fmt.Sprintf("ply %d is past the game's end (%d moves)", current, len(j.Result.Moves))})
		return
	}
	title := "Red's win rate per ply"
	if len(j.Result.Players) > 2 {
		title = "Each player's win rate per ply"
	}
	if j.Result.ID != "" {
		title += ": " + j.Result.ID
	}
	doc, err := render.WinrateCurve(points, render.CurveOptions{Title: title, SetupPlies: setup, Current: current})
	if err != nil {
		h.d.Error(c, &wallzero.Error{Code: wallzero.CodeInternal, Message: "drawing the curve: " + err.Error(), Err: err})
		return
	}
	c.Header("Cache-Control", "public, max-age=3600")
	c.Data(http.StatusOK, SVGType, doc)
}
