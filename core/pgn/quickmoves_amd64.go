//go:build amd64 && !purego

package pgn

import "golang.org/x/sys/cpu"

// scanWordsFast reports whether scanWords is quicker than reading a byte
// at a time: with AVX2, BMI1, PCLMULQDQ and POPCNT.
func scanWordsFast() bool {
	return cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasPCLMULQDQ && cpu.X86.HasPOPCNT
}

// scanWords is scanWordsGeneric, in assembly where the processor has what
// it takes; len(src) must be at least 64*words.
func scanWords(src []byte, words int, s *wordScan) int {
	if words <= 0 {
		return 0
	}
	if len(src) < 64*words {
		panic("pgn: scanWords: short input")
	}
	if !scanWordsFast() {
		return scanWordsGeneric(src, words, s)
	}
	return scanWordsAVX2(&src[0], words, s)
}

// scanWordsAVX2 is scanWords for the processors with AVX2, BMI1, PCLMULQDQ
// and POPCNT.
//
//go:noescape
func scanWordsAVX2(src *byte, words int, s *wordScan) int
