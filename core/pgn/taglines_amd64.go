package pgn

import "golang.org/x/sys/cpu"

// tagLinesFast reports whether readTagLines is in assembly here: with
// AVX2, BMI1 and BMI2.
func tagLinesFast() bool { return cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2 }

// readTagLines reads the lines of b from p on that start with '[', have 64
// bytes from there before n, and look like a tag pair in the usual form,
// into out, up to len(out) of them. It returns how many it read and where
// the line after them starts. Without the assembly it reads none and
// leaves every line to quickTag, which a byte loop would not beat.
func readTagLines(b []byte, n, p int, out []tagLine) (k, next int) {
	if !tagLinesFast() || len(out) == 0 || p+64 > n {
		return 0, p
	}
	return tagLinesAVX2(&b[0], n, p, &out[0], len(out))
}

// tagLinesAVX2 is readTagLines with AVX2, BMI1 and BMI2; n must be at
// most len(b).
//
//go:noescape
func tagLinesAVX2(src *byte, n, p int, out *tagLine, max int) (k, next int)
