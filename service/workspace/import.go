package workspace

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// What an import does with bad lines.
const (
	// OnErrorReject imports nothing when a line is bad (all or nothing).
	OnErrorReject = "reject"
	// OnErrorSkip imports the good lines and reports the bad ones.
	OnErrorSkip = "skip"
)

// ImportOptions tune an import.
type ImportOptions struct {
	// Format is FormatAuto, FormatJSONL or FormatWGF.
	Format string
	// OnError is OnErrorReject ("": the default) or OnErrorSkip.
	OnError string
	// Names gives the players of games that name none (colour -> name).
	Names map[string]string
}

// ImportResult is what an import stored and what it refused.
type ImportResult struct {
	// Imported counts the games stored (0 when a bad line rejected the
	// whole import); Games lists them.
	Imported int
	Games    []ImportedGame
	// Errors lists the bad lines, in order (onError=skip).
	Errors []LineProblem
}

// MaxListedProblems caps the bad lines a rejection's message lists.
const MaxListedProblems = 20

// rejection is the error of an import rejected for its bad lines: the
// message lists them (the first MaxListedProblems) with their reasons.
func rejection(problems []LineProblem) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d bad line(s), nothing imported (onError=skip imports the good lines): ", len(problems))
	for i, p := range problems[:min(len(problems), MaxListedProblems)] {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	if len(problems) > MaxListedProblems {
		fmt.Fprintf(&b, "; and %d more", len(problems)-MaxListedProblems)
	}
	return &wallzero.Error{Code: wallzero.CodeInvalid, Field: "body", Message: b.String()}
}

// ImportedGame is a game an import stored, with its review job.
type ImportedGame struct {
	Line   int
	ID     string
	Review string
}

// Import reads the games of text into a collection and queues each
// one's review at the service's defaults, behind the reviews asked one by
// one (store.PriorityBackground). With OnErrorReject a bad line stores
// nothing (a wallzero.CodeInvalid error lists the bad lines); with
// OnErrorSkip the good lines are stored and the result lists the bad. Either way the games are stored with their
// reviews in one transaction.
func (s *Service) Import(ctx context.Context, collection, text string, o ImportOptions) (*ImportResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	if o.OnError == "" {
		o.OnError = OnErrorReject
	}
	if o.OnError != OnErrorReject && o.OnError != OnErrorSkip {
		return nil, wallzero.Invalid("onError", fmt.Sprintf("%q: want reject or skip", wallzero.Clip(o.OnError, 20)))
	}
	if _, msg := checkPlayers(o.Names, 4); msg != "" {
		return nil, wallzero.Invalid("players", msg)
	}
	own := owner(ctx)
	if _, err := s.store.Collection(ctx, own, collection); err != nil {
		return nil, storeError(err, "collection "+collection)
	}
	games, problems, err := ParseImport(text, o.Format, s.cfg.Limits, o.Names)
	if err != nil {
		return nil, err
	}
	out := &ImportResult{Games: []ImportedGame{}, Errors: problems}
	if out.Errors == nil {
		out.Errors = []LineProblem{}
	}
	if len(games)+len(problems) == 0 {
		return nil, wallzero.Invalid("body", "no game: the body has no line that is not blank")
	}
	if len(games)+len(problems) > s.cfg.MaxImportGames {
		return nil, &wallzero.Error{Code: wallzero.CodeTooLarge, Field: "body",
			Message: fmt.Sprintf("%d games, at most %d in one import", len(games)+len(problems), s.cfg.MaxImportGames)}
	}
	if len(problems) > 0 && o.OnError == OnErrorReject {
		return nil, rejection(problems)
	}
	if len(games) == 0 {
		return out, nil
	}
	var positions int64
	for _, g := range games {
		positions += int64(g.Positions)
	}
	if _, _, err := access.AdmitJob(ctx, positions*int64(s.cfg.ReviewVisits), len(games), "body"); err != nil {
		return nil, err
	}
	news := make([]store.NewGame, len(games))
	for i, g := range games {
		rec, err := json.Marshal(g.Record)
		if err != nil {
			return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
		}
		req, err := json.Marshal(&jobs.ReviewRequest{Rules: g.Record.Rules, Board: g.Record.Board, Moves: g.Record.Moves})
		if err != nil {
			return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
		}
		news[i] = store.NewGame{Line: g.Line, Record: rec, PlayedOn: g.Date, Event: g.Event, Winner: g.Winner, Players: g.Players,
			Review: store.NewJob{Kind: jobs.KindReview, Request: req, Total: g.Positions, MaxAttempts: s.cfg.MaxAttempts,
				Priority: store.PriorityBackground, Args: func(id string) river.JobArgs { return jobs.ReviewArgs{JobID: id} }}}
	}
	ids, err := s.store.ImportGames(ctx, own, collection, news)
	if err != nil {
		return nil, storeError(err, "collection "+collection)
	}
	for i, id := range ids {
		out.Games = append(out.Games, ImportedGame{Line: games[i].Line, ID: id.ID, Review: id.JobID})
	}
	out.Imported = len(ids)
	s.log.InfoContext(ctx, "games imported", "collection", collection, "games", len(ids), "bad_lines", len(problems))
	return out, nil
}
