package program

import (
	"context"
	"errors"
	"io"
	"log/slog"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/store"
)

// Explorer is the service the `explorer` commands work with: serve's
// model choice (so that the model id matches the server's) over the
// database, without HTTP or job worker.
type Explorer struct {
	// Ev holds the networks.
	Ev *Evaluators
	// Store is the database.
	Store *store.Store
	// Svc is the service over them.
	Svc *service.Service
}

// OpenExplorer migrates the database at dbURL and wires the service with
// the model mf chooses and parallel searches per job. The caller closes
// it.
func OpenExplorer(ctx context.Context, mf ModelFlags, dbURL string, parallel int) (*Explorer, error) {
	if dbURL == "" {
		return nil, errors.New("no database: set -database-url or DATABASE_URL")
	}
	if _, err := store.Migrate(ctx, dbURL); err != nil {
		return nil, err
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	e := &Explorer{Ev: NewServiceEvaluators(mf)}
	net, models, _, err := ChooseModel(e.Ev, mf, log)
	if err != nil {
		e.Ev.Close()
		return nil, err
	}
	evals := analysis.Evaluators{Network: net, NetworkModel: models[0].ID,
		Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID}
	multi, err := ChooseMultiModels(e.Ev, mf, log)
	if err != nil {
		e.Ev.Close()
		return nil, err
	}
	evals.Multi = multi
	for _, m := range multi {
		models = service.WithMultiModel(models, m.Info, m.Players)
	}
	an := analysis.NewAnalyzer(evals, analysis.DefaultLimits())
	if an.Calibrations, err = ModelCalibrations(mf, models, log); err != nil {
		e.Ev.Close()
		return nil, err
	}
	e.Store, err = store.Open(ctx, dbURL, store.Options{Logger: log})
	if err != nil {
		e.Ev.Close()
		return nil, err
	}
	cfg := service.DefaultConfig()
	cfg.JobParallel = max(1, parallel)
	e.Svc = service.New(cfg, service.Deps{Analyzer: an, Store: e.Store, Models: models, Logger: log})
	return e, nil
}

// Close closes the database and releases the networks.
func (e *Explorer) Close() {
	e.Store.Close()
	e.Ev.Close()
}
