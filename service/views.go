package service

import (
	"context"

	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/service/play"
)

// Levels describes the levels the service plays at (play.Service.Levels).
func (s *Service) Levels() play.LevelsView { return s.play.Levels() }

// Play has a level choose the next move of a game (play.Service.Play).
func (s *Service) Play(ctx context.Context, req *play.Request) (*play.Move, error) {
	return s.play.Play(ctx, req)
}

// Explore answers the opening explorer (explorer.Explorer.Explore).
func (s *Service) Explore(ctx context.Context, q *explorer.Query) (*explorer.Result, error) {
	return s.explorer.Explore(ctx, q)
}

// FillExplorer fills the opening table of an opening to a depth
// (explorer.Explorer.FillExplorer).
func (s *Service) FillExplorer(ctx context.Context, opening string, depth, visits int, progress func(depth, done, total int)) (explorer.FillStats, error) {
	return s.explorer.FillExplorer(ctx, opening, depth, visits, progress)
}

// RecordSelfplayOpenings counts self-play games into the frequent opening
// states of an opening (explorer.Explorer.RecordSelfplayOpenings).
func (s *Service) RecordSelfplayOpenings(ctx context.Context, opening string, visits int, games []explorer.SelfplayOpening) error {
	return s.explorer.RecordSelfplayOpenings(ctx, opening, visits, games)
}
