package pgn

import "golang.org/x/sys/cpu"

// classifyFast reports whether classify is quicker than reading a byte at
// a time: with AVX2.
func classifyFast() bool { return cpu.X86.HasAVX2 }

// classify fills out from the 64-byte words of src; len(src) must be
// 64*len(out).
func classify(src []byte, out []wordMasks) {
	if len(out) == 0 {
		return
	}
	if len(src) < 64*len(out) {
		panic("pgn: classify: short input")
	}
	if !cpu.X86.HasAVX2 {
		classifyGeneric(src, out)
		return
	}
	classifyAVX2(&src[0], len(out), &out[0])
}

// classifyAVX2 is classify for the processors with AVX2.
//
//go:noescape
func classifyAVX2(src *byte, words int, out *wordMasks)

// derive works out the facts of the words whose masks are ms into fs;
// len(fs) must be at least len(ms).
func derive(ms []wordMasks, fs []wordFacts, c *wordCarry) {
	if len(ms) == 0 {
		return
	}
	if len(fs) < len(ms) {
		panic("pgn: derive: short output")
	}
	if !cpu.X86.HasBMI1 || !cpu.X86.HasPCLMULQDQ {
		deriveGeneric(ms, fs, c)
		return
	}
	deriveAsm(&ms[0], len(ms), &fs[0], c)
}

// deriveAsm is derive for the processors with BMI1 and PCLMULQDQ.
//
//go:noescape
func deriveAsm(ms *wordMasks, words int, fs *wordFacts, c *wordCarry)
