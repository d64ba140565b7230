#include "textflag.h"

// func prefetch(s *internSlot)
//
// It asks for the slot's cache line and the next one, where linear probing
// goes on: past the last slot of a table that line is another's, or none,
// which a prefetch does not mind.
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ s+0(FP), AX
	PREFETCHT0 (AX)
	PREFETCHT0 64(AX)
	RET
