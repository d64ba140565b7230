package pgn

import "golang.org/x/sys/cpu"

// tagLinesFast reports whether tagLines is in assembly: with AVX2, BMI1
// and BMI2.
func tagLinesFast() bool { return cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2 }

// readTagLines is tagLinesGeneric, in assembly where tagLinesFast says.
func readTagLines(b []byte, n, p int, out []tagLine) (k, next int) {
	if !tagLinesFast() || len(out) == 0 || p+64 > n {
		return tagLinesGeneric(b, n, p, out)
	}
	return tagLinesAVX2(&b[0], n, p, &out[0], len(out))
}

// tagLinesAVX2 is readTagLines with AVX2, BMI1 and BMI2; n must be at
// most len(b).
//
//go:noescape
func tagLinesAVX2(src *byte, n, p int, out *tagLine, max int) (k, next int)
