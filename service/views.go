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

// Explorer returns the opening explorer: it answers queries from the
// opening table and fills it (directly, or as the jobs' explorer fill).
func (s *Service) Explorer() *explorer.Explorer { return s.explorer }
