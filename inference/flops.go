package inference

// FLOPsPerPosition returns the floating-point operations (a multiply-add
// counts two) one evaluation of a WallZero network of m's size costs: the
// 3x3 stem from the input planes of its format (49 for two players), two
// 3x3 convolutions per residual block (channels to inner channels and
// back), and the heads (1x1 policy convolutions to one plane per action
// channel, 53 for two players; the 32-channel value convolution with its
// two pooled 128-unit layers; the ownership convolution), all over the 49
// squares. Biases, activations and
// pooling are left out (well under 1%).
func FLOPsPerPosition(m ModelInfo) int64 {
	const squares, k3 = 49, 9
	c := int64(m.Channels)
	f := m.Format()
	stem := int64(f.Planes()) * c * k3
	inner := int64(m.InnerChannels)
	if inner <= 0 {
		inner = c
	}
	tower := int64(2*m.Blocks) * c * inner * k3
	policy := c*c + c*int64(f.NumActions()/squares)
	value := c * 32
	ownership := c
	perSquare := stem + tower + policy + value + ownership
	fc := int64(64*128 + 128*f.ValueSize() + 128)
	return 2 * (squares*perSquare + fc)
}
