// Package inferencetest holds test helpers of package inference: a
// deterministic stand-in for a network, like store/storetest for the
// store.
package inferencetest

import (
	"math"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/inference/format"
)

// The two-player input planes FakeRunner reads (inference/format/format_two.go:
// the side to move, Red's reach, then Blue's).
const (
	planeBlueToMove = 7
	planeReach      = 11
)

// two is the format of FakeRunner's inputs and outputs.
var two = format.TwoPlayer

// FakeRunner is a deterministic stand-in for a network, for tests and
// benchmarks of the batching machinery without a model file. Its outputs
// are a fixed function of the input features: policy logits prefer actions
// from squares with many feature planes set, the value leans towards the
// side with more reach.
type FakeRunner struct {
	// Info is returned by ModelInfo (ID "fake" when empty).
	Info inference.ModelInfo
	// Delay, if set, is called once per batch (e.g. to simulate network
	// time).
	Delay func(count int)
}

// Run implements inference.Runner.
func (f *FakeRunner) Run(input []float32, count int, out *inference.Outputs) error {
	if f.Delay != nil {
		f.Delay(count)
	}
	for i := 0; i < count; i++ {
		x := input[i*two.FeatureSize() : (i+1)*two.FeatureSize()]
		var weight [format.PlaneSize]float32
		for p := 0; p < two.Planes(); p++ {
			for s := 0; s < format.PlaneSize; s++ {
				weight[s] += x[p*format.PlaneSize+s] * float32(1+p%5)
			}
		}
		pol := out.Policy[i*two.NumActions() : (i+1)*two.NumActions()]
		for a := range pol {
			pol[a] = weight[a%format.PlaneSize]/16 + float32(a%7)/50
		}
		var red, blue float32
		for s := 0; s < format.PlaneSize; s++ {
			red += x[planeReach*format.PlaneSize+s]
			blue += x[(planeReach+1)*format.PlaneSize+s]
		}
		diff := red - blue
		if x[planeBlueToMove*format.PlaneSize] == 1 {
			diff = -diff
		}
		w := float32(1 / (1 + math.Exp(-float64(diff)/8)))
		out.Value[3*i], out.Value[3*i+1], out.Value[3*i+2] = w*0.9, 0.1, (1-w)*0.9
		if out.Margin != nil {
			out.Margin[i] = diff
		}
		if out.Ownership != nil {
			for s := 0; s < format.PlaneSize; s++ {
				out.Ownership[i*format.PlaneSize+s] = float32(math.Tanh(float64(weight[s]) / 10))
			}
		}
	}
	return nil
}

// NewOutputs implements inference.Runner.
func (f *FakeRunner) NewOutputs(count int) *inference.Outputs {
	return &inference.Outputs{
		Policy:    make([]float32, count*two.NumActions()),
		Value:     make([]float32, count*3),
		Margin:    make([]float32, count),
		Ownership: make([]float32, count*format.PlaneSize),
	}
}

// ModelInfo implements inference.Runner.
func (f *FakeRunner) ModelInfo() inference.ModelInfo {
	if f.Info.ID == "" {
		return inference.ModelInfo{ID: "fake", Features: two.FeatureSet(), Actions: two.ActionLayout(), Heads: []string{inference.PolicyName, inference.ValueName, inference.MarginName, inference.OwnershipName}}
	}
	return f.Info
}
