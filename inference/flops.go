package inference

// FLOPsPerPosition returns the floating-point operations (a multiply-add
// counts two) one evaluation of a WallZero network of m's size costs: the
// 3x3 stem from the 49 feature planes, two 3x3 convolutions per residual
// block (channels to inner channels and back), and the heads (1x1 policy convolutions to 53 action planes, the
// 32-channel value convolution with its two pooled 128-unit layers, and the
// ownership convolution), all over the 49 squares. Biases, activations and
// pooling are left out (well under 1%).
func FLOPsPerPosition(m ModelInfo) int64 {
	const squares, k3 = 49, 9
	c := int64(m.Channels)
	stem := NumPlanes * c * k3
	inner := int64(m.InnerChannels)
	if inner <= 0 {
		inner = c
	}
	tower := int64(2*m.Blocks) * c * inner * k3
	policy := c*c + c*int64(NumActions/squares)
	value := c * 32
	ownership := c
	perSquare := stem + tower + policy + value + ownership
	fc := int64(64*128 + 128*3 + 128)
	return 2 * (squares*perSquare + fc)
}
