package analysisengine

import (
	"container/heap"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/internal/jsonscan"
	"github.com/wallzero/wallzero/service/analysis"
)

// session is one run of the engine over an input stream: it queues the
// turns of the queries it reads and analyses them on a pool of workers,
// higher priority first.
type session struct {
	an     *analysis.Analyzer
	models Models
	opts   Options
	emit   func(any)

	mu      sync.Mutex
	cond    *sync.Cond
	queue   turnQueue
	running map[*turnJob]bool
	seq     int
	closed  bool
	wg      sync.WaitGroup
}

// turnJob is one turn of one query.
type turnJob struct {
	q         *engineQuery
	positions []engine.Position
	turn      int
	priority  int
	seq       int
	index     int // in the queue
	stop      chan struct{}
	stopped   bool
}

// newSession returns a session that writes its lines with emit.
func newSession(an *analysis.Analyzer, models Models, opts Options, emit func(any)) *session {
	e := &session{an: an, models: models, opts: opts, emit: emit, running: map[*turnJob]bool{}}
	e.cond = sync.NewCond(&e.mu)
	return e
}

// start launches n workers.
func (e *session) start(ctx context.Context, n int) {
	for range n {
		e.wg.Add(1)
		go e.work(ctx)
	}
}

// finish waits until every queued turn has been answered.
func (e *session) finish() {
	e.mu.Lock()
	e.closed = true
	e.cond.Broadcast()
	e.mu.Unlock()
	e.wg.Wait()
}

// handle answers one input line: an action at once, a query by queueing
// its turns.
func (e *session) handle(line []byte) {
	var q engineQuery
	if err := jsonscan.Decode(line, &q); err != nil {
		var probe struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(line, &probe) // best effort: the id, if the line has one
		e.emit(errorLine{ID: probe.ID, Error: toErrorBody(err)})
		return
	}
	if q.Action != "" {
		e.action(&q)
		return
	}
	if q.TerminateID != "" || len(q.TurnNumbers) > 0 {
		e.emit(warningLine{ID: q.ID, Warning: errorBody{Code: codeIgnored, Field: "terminateId", Message: "terminateId and turnNumbers only apply to the terminate actions"}})
	}
	if q.IncludeMovesOwnership {
		e.emit(warningLine{ID: q.ID, Warning: errorBody{Code: codeIgnored, Field: "includeMovesOwnership",
			Message: "not supported: the search keeps no ownership per move (includeOwnership gives the position's)"}})
	}
	p, turns, err := e.an.Prepare(&q.Query)
	if err != nil {
		e.emit(errorLine{ID: q.ID, Error: toErrorBody(err)})
		return
	}
	positions := p.Positions
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, t := range turns {
		e.seq++
		heap.Push(&e.queue, &turnJob{q: &q, positions: positions, turn: t, priority: q.Priority, seq: e.seq, stop: make(chan struct{})})
	}
	e.cond.Broadcast()
}

// work analyses queued turns until the input ends and the queue is empty.
func (e *session) work(ctx context.Context) {
	defer e.wg.Done()
	for {
		e.mu.Lock()
		for e.queue.Len() == 0 && !e.closed {
			e.cond.Wait()
		}
		if e.queue.Len() == 0 {
			e.mu.Unlock()
			return
		}
		j := heap.Pop(&e.queue).(*turnJob)
		e.running[j] = true
		e.mu.Unlock()
		e.run(ctx, j)
		e.mu.Lock()
		delete(e.running, j)
		e.mu.Unlock()
	}
}

// run analyses one turn and writes its lines.
func (e *session) run(ctx context.Context, j *turnJob) {
	progress := func(a *analysis.Analysis) { e.emit(wire.Streamed(a)) }
	a, err := e.an.AnalyzeTurn(ctx, &j.q.Query, j.positions, j.turn, analysis.RunOptions{Progress: progress, Stop: j.stop})
	switch {
	case err != nil:
		turn := j.turn
		e.emit(errorLine{ID: j.q.ID, TurnNumber: &turn, Error: toErrorBody(err)})
	case a == nil:
		e.emit(noResultsLine{ID: j.q.ID, TurnNumber: j.turn, NoResults: true})
	default:
		e.emit(wire.Streamed(a))
	}
}

// action answers an action line.
func (e *session) action(q *engineQuery) {
	ack := actionLine{ID: q.ID, Action: q.Action}
	switch q.Action {
	case actionQueryVersion:
		ack.Version, ack.GitHash = e.opts.Version, e.opts.GitHash
	case actionQueryModels:
		ack.Models = e.models.list
	case actionClearCache:
		if e.models.clear != nil {
			e.models.clear()
		}
	case actionTerminate:
		if q.TerminateID == "" {
			e.emit(errorLine{ID: q.ID, Error: errorBody{Code: wallzero.CodeInvalid, Field: "terminateId", Message: "terminate needs the id of the query to stop"}})
			return
		}
		ack.TerminateID, ack.TurnNumbers = q.TerminateID, q.TurnNumbers
		e.emit(ack)
		e.terminate(func(j *turnJob) bool { return j.q.ID == q.TerminateID }, q.TurnNumbers)
		return
	case actionTerminateAll:
		ack.TurnNumbers = q.TurnNumbers
		e.emit(ack)
		e.terminate(func(*turnJob) bool { return true }, q.TurnNumbers)
		return
	default:
		e.emit(errorLine{ID: q.ID, Error: errorBody{Code: wallzero.CodeInvalid, Field: "action", Message: fmt.Sprintf(
			"unknown action %q: want %s, %s, %s, %s or %s", q.Action, actionQueryVersion, actionTerminate, actionTerminateAll, actionClearCache, actionQueryModels)}})
		return
	}
	e.emit(ack)
}

// terminate drops the queued turns that match (answering each with
// noResults) and stops the running ones, which answer with what they
// have found so far. turns, when not empty, limits it to those turn
// numbers.
func (e *session) terminate(match func(*turnJob) bool, turns []int) {
	hit := func(j *turnJob) bool { return match(j) && (len(turns) == 0 || slices.Contains(turns, j.turn)) }
	e.mu.Lock()
	var dropped []*turnJob
	kept := e.queue[:0]
	for _, j := range e.queue {
		if hit(j) {
			dropped = append(dropped, j)
		} else {
			kept = append(kept, j)
		}
	}
	e.queue = kept
	heap.Init(&e.queue)
	for j := range e.running {
		if hit(j) && !j.stopped {
			j.stopped = true
			close(j.stop)
		}
	}
	e.mu.Unlock()
	slices.SortFunc(dropped, func(a, b *turnJob) int { return a.seq - b.seq })
	for _, j := range dropped {
		e.emit(noResultsLine{ID: j.q.ID, TurnNumber: j.turn, NoResults: true})
	}
}

// turnQueue is a heap of turns: higher priority first, then arrival order.
type turnQueue []*turnJob

func (q turnQueue) Len() int { return len(q) }
func (q turnQueue) Less(a, b int) bool {
	if q[a].priority != q[b].priority {
		return q[a].priority > q[b].priority
	}
	return q[a].seq < q[b].seq
}
func (q turnQueue) Swap(a, b int) {
	q[a], q[b] = q[b], q[a]
	q[a].index, q[b].index = a, b
}
func (q *turnQueue) Push(x any) {
	j := x.(*turnJob)
	j.index = len(*q)
	*q = append(*q, j)
}
func (q *turnQueue) Pop() any {
	old := *q
	j := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	return j
}
