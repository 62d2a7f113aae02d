package inference

import (
	"fmt"
	"slices"
	"sync"

	"github.com/wallzero/wallzero/inference/format"
	ort "github.com/yalue/onnxruntime_go"
)

// Why fixed shapes: on the CUDA provider a convolution whose input shape
// differs from the one it ran last sets up its cuDNN descriptors and
// algorithm again, which costs far more than the network itself. A search's
// batches take every size from 1 to the largest, so with one session a
// GPU spent nearly all its time on that set-up: 256 concurrent searches
// made 58,853 simulations per second where the same session ran 601,988
// evaluations per second at one fixed batch size (an H200, 2026-12-04,
// docs/notes/2026-12-04-gpu-first-measurements.md). With a session per
// batch size, each batch padded up to the smallest size that holds it,
// every session sees one shape only.

// DefaultCUDABatches returns the fixed batch sizes a CUDA network gets
// when -fixed-batches is not given: powers of two from 64 up to maxBatch,
// and maxBatch. On the H200 a call of 2 to 64 positions took the same
// 1.1 ms (a single position took longer), so smaller sizes would add
// sessions and save nothing.
func DefaultCUDABatches(maxBatch int) []int {
	var sizes []int
	for s := 64; s < maxBatch; s *= 2 {
		sizes = append(sizes, s)
	}
	return append(sizes, max(maxBatch, 1))
}

// fixedSession is a session that only ever runs batches of size, with a
// pool of padded buffers for smaller batches.
type fixedSession struct {
	size    int
	session *ort.DynamicAdvancedSession
	buffers sync.Pool // *paddedBatch
}

// paddedBatch is the input and outputs of one padded call.
type paddedBatch struct {
	input []float32
	out   *Outputs
}

// newFixedSessions creates one session per size (sorted, duplicates
// dropped) with the same options as the network's own session.
func newFixedSessions(data []byte, outs []string, opts *ort.SessionOptions, sizes []int) ([]*fixedSession, error) {
	sizes = slices.Compact(slices.Sorted(slices.Values(sizes)))
	var made []*fixedSession
	for _, size := range sizes {
		if size < 1 {
			destroyFixed(made)
			return nil, fmt.Errorf("fixed batch size %d: want a positive size", size)
		}
		s, err := ort.NewDynamicAdvancedSessionWithONNXData(data, []string{InputName}, outs, opts)
		if err != nil {
			destroyFixed(made)
			return nil, fmt.Errorf("session for batches of %d: %w", size, err)
		}
		made = append(made, &fixedSession{size: size, session: s})
	}
	return made, nil
}

// destroyFixed releases the sessions.
func destroyFixed(sessions []*fixedSession) {
	for _, s := range sessions {
		_ = s.session.Destroy()
	}
}

// FixedBatches returns the batch sizes the network has a session for, in
// increasing order (nil: one session runs every size).
func (n *Network) FixedBatches() []int {
	var sizes []int
	for _, s := range n.fixed {
		sizes = append(sizes, s.size)
	}
	return sizes
}

// runFixed runs count samples on the fixed-shape sessions: batches larger
// than the largest size in chunks of it, a smaller one padded up to the
// smallest size that holds it (the padding rows are zero and their
// outputs dropped).
func (n *Network) runFixed(input []float32, count int, out *Outputs) error {
	largest := n.fixed[len(n.fixed)-1]
	f := n.Info.Format()
	widths := outputWidths(f)
	for done := 0; done < count; {
		k := min(count-done, largest.size)
		i, _ := slices.BinarySearchFunc(n.fixed, k, func(s *fixedSession, k int) int { return s.size - k })
		fs := n.fixed[i]
		in, dst := input[done*f.FeatureSize():(done+k)*f.FeatureSize()], out.rowsFrom(done, widths)
		switch {
		case k == fs.size:
			if err := n.runSession(fs.session, in, k, dst); err != nil {
				return err
			}
		case roomFor(input[done*f.FeatureSize():], dst, fs.size, f, widths):
			// The caller's buffers hold the whole padded batch (a
			// batcher's are -max-batch long): pad in place rather than
			// copy the batch.
			clear(input[(done+k)*f.FeatureSize() : (done+fs.size)*f.FeatureSize()])
			if err := n.runSession(fs.session, input[done*f.FeatureSize():(done+fs.size)*f.FeatureSize()], fs.size, dst); err != nil {
				return err
			}
		default:
			if err := n.runPadded(fs, in, k, dst, widths); err != nil {
				return err
			}
		}
		done += k
	}
	return nil
}

// roomFor reports whether input and out have room for size samples, so
// that a smaller batch can be padded in place. The rows after the batch
// are then overwritten: Run's callers own their buffers whole.
func roomFor(input []float32, out *Outputs, size int, f format.Format, widths map[string]int64) bool {
	return len(input) >= size*f.FeatureSize() &&
		len(out.Policy) >= size*int(widths[PolicyName]) && len(out.Value) >= size*int(widths[ValueName]) &&
		(out.Margin == nil || len(out.Margin) >= size) && (out.Ownership == nil || len(out.Ownership) >= size*49)
}

// runPadded runs k samples on fs padded to its size, copying the k rows
// of the outputs into dst.
func (n *Network) runPadded(fs *fixedSession, input []float32, k int, dst *Outputs, widths map[string]int64) error {
	pb, _ := fs.buffers.Get().(*paddedBatch)
	if pb == nil {
		pb = &paddedBatch{input: make([]float32, fs.size*n.Info.Format().FeatureSize()), out: n.NewOutputs(fs.size)}
	}
	defer fs.buffers.Put(pb)
	m := copy(pb.input, input)
	clear(pb.input[m:]) // the rows a previous, larger batch left
	if err := n.runSession(fs.session, pb.input, fs.size, pb.out); err != nil {
		return err
	}
	copy(dst.Policy, pb.out.Policy[:k*int(widths[PolicyName])])
	copy(dst.Value, pb.out.Value[:k*int(widths[ValueName])])
	if dst.Margin != nil {
		copy(dst.Margin, pb.out.Margin[:k])
	}
	if dst.Ownership != nil {
		copy(dst.Ownership, pb.out.Ownership[:k*49])
	}
	return nil
}

// rowsFrom returns the outputs from row start on (slices of o's own).
func (o *Outputs) rowsFrom(start int, widths map[string]int64) *Outputs {
	r := &Outputs{Policy: o.Policy[start*int(widths[PolicyName]):], Value: o.Value[start*int(widths[ValueName]):]}
	if o.Margin != nil {
		r.Margin = o.Margin[start:]
	}
	if o.Ownership != nil {
		r.Ownership = o.Ownership[start*49:]
	}
	return r
}
