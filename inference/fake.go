package inference

import (
	"math"
)

// FakeRunner is a deterministic stand-in for a network, for tests and
// benchmarks of the batching machinery without a model file. Its outputs
// are a fixed function of the input features: policy logits prefer actions
// from squares with many feature planes set, the value leans towards the
// side with more reach.
type FakeRunner struct {
	// Info is returned by ModelInfo (ID "fake" when empty).
	Info ModelInfo
	// Delay, if set, is called once per batch (e.g. to simulate network
	// time).
	Delay func(count int)
}

// Run implements Runner.
func (f *FakeRunner) Run(input []float32, count int, out *Outputs) error {
	if f.Delay != nil {
		f.Delay(count)
	}
	for i := 0; i < count; i++ {
		x := input[i*FeatureSize : (i+1)*FeatureSize]
		var weight [PlaneSize]float32
		for p := 0; p < NumPlanes; p++ {
			for s := 0; s < PlaneSize; s++ {
				weight[s] += x[p*PlaneSize+s] * float32(1+p%5)
			}
		}
		pol := out.Policy[i*NumActions : (i+1)*NumActions]
		for a := range pol {
			pol[a] = weight[a%PlaneSize]/16 + float32(a%7)/50
		}
		var red, blue float32
		for s := 0; s < PlaneSize; s++ {
			red += x[planeReach*PlaneSize+s]
			blue += x[(planeReach+1)*PlaneSize+s]
		}
		diff := red - blue
		if x[planeBlueToMove*PlaneSize] == 1 {
			diff = -diff
		}
		w := float32(1 / (1 + math.Exp(-float64(diff)/8)))
		out.Value[3*i], out.Value[3*i+1], out.Value[3*i+2] = w*0.9, 0.1, (1-w)*0.9
		if out.Margin != nil {
			out.Margin[i] = diff
		}
		if out.Ownership != nil {
			for s := 0; s < PlaneSize; s++ {
				out.Ownership[i*PlaneSize+s] = float32(math.Tanh(float64(weight[s]) / 10))
			}
		}
	}
	return nil
}

// NewOutputs implements Runner.
func (f *FakeRunner) NewOutputs(count int) *Outputs {
	return &Outputs{
		Policy:    make([]float32, count*NumActions),
		Value:     make([]float32, count*3),
		Margin:    make([]float32, count),
		Ownership: make([]float32, count*PlaneSize),
	}
}

// ModelInfo implements Runner.
func (f *FakeRunner) ModelInfo() ModelInfo {
	if f.Info.ID == "" {
		return ModelInfo{ID: "fake", Features: FeatureSetID, Actions: ActionLayout, Heads: []string{PolicyName, ValueName, MarginName, OwnershipName}}
	}
	return f.Info
}
