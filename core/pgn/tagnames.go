package pgn

import (
	"encoding/binary"
	"math/bits"
)

// tagCode is what an Index reads of a tag pair, by the tag's name.
type tagCode uint8

const (
	tagIgnored tagCode = iota // a tag the index does not keep
	tagEvent
	tagSite
	tagDate
	tagRound
	tagWhite
	tagBlack
	tagECO
	tagTimeControl
	tagWhiteElo
	tagBlackElo
	tagResult
	tagOther // a tag whose value goes to Entry.Other
)

// tagCodeOf returns the code of the tag named name.
func tagCodeOf(name []byte) tagCode {
	switch string(name) {
	case "Event":
		return tagEvent
	case "Site":
		return tagSite
	case "Date":
		return tagDate
	case "Round":
		return tagRound
	case "White":
		return tagWhite
	case "Black":
		return tagBlack
	case "ECO":
		return tagECO
	case "TimeControl":
		return tagTimeControl
	case "WhiteElo":
		return tagWhiteElo
	case "BlackElo":
		return tagBlackElo
	case "Result":
		return tagResult
	case "Opening", "Variation", "SubVariation", "Annotator", "Termination", "Variant",
		"WhiteTitle", "BlackTitle", "WhiteTeam", "BlackTeam", "EventType", "Section", "Stage":
		return tagOther
	}
	return tagIgnored
}

// tagNameTable finds the common tag names — those an Index keeps and those
// that most databases add — from the bytes of a name of at most 15 bytes
// as two little-endian words, without a byte loop or string comparison:
// a name it finds is known to be well formed and has its code. It is a
// hash table without collisions, filled once (newTagNameTable) and only
// read after that.
type tagNameTable struct {
	slots [1 << tagNameBits]tagNameSlot
}

// tagNameSlot is one name of a tagNameTable.
type tagNameSlot struct {
	lo, hi uint64 // the name's bytes 0–7 and 8–15, zero past its end
	n      uint8  // its length; emptySlot in an empty slot
	code   tagCode
}

const (
	tagNameBits = 7
	// tagNameMul is odd, and chosen so that the names of
	// commonTagNames fall in slots of their own (TestTagNameTable).
	tagNameMul = 0x41c22f20dca2f109
)

// emptySlot is the length of no name, in an empty slot of a tagNameTable.
const emptySlot = 0xff

// commonTagNames are the names tagNameTable holds.
var commonTagNames = []string{
	"Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO", "TimeControl",
	"WhiteElo", "BlackElo", "Opening", "Variation", "SubVariation", "Annotator",
	"Termination", "Variant", "WhiteTitle", "BlackTitle", "WhiteTeam", "BlackTeam",
	"EventType", "Section", "Stage",
	// Kept by no Index, but frequent.
	"PlyCount", "EventDate", "EventRounds", "EventCountry", "Source", "SourceDate",
	"SetUp", "FEN", "Mode", "Board", "UTCDate", "UTCTime", "WhiteRatingDiff",
	"BlackRatingDiff", "WhiteFideId", "BlackFideId", "Time", "Link", "GameId",
}

// tagNames is the table of commonTagNames; it is never changed.
var tagNames = newTagNameTable(commonTagNames)

// tagNameSlotOf returns the slot of the name whose words are lo and hi.
func tagNameSlotOf(lo, hi uint64) uint64 {
	return (lo ^ bits.RotateLeft64(hi, 29)) * tagNameMul >> (64 - tagNameBits)
}

// newTagNameTable returns the table of names, or nil if two fall in one
// slot.
func newTagNameTable(names []string) *tagNameTable {
	t := new(tagNameTable)
	for k := range t.slots {
		t.slots[k].n = emptySlot
	}
	for _, name := range names {
		var w [16]byte
		copy(w[:], name)
		lo, hi := binary.LittleEndian.Uint64(w[:]), binary.LittleEndian.Uint64(w[8:])
		s := &t.slots[tagNameSlotOf(lo, hi)]
		if s.n != emptySlot || len(name) == 0 || len(name) > 15 {
			return nil
		}
		*s = tagNameSlot{lo: lo, hi: hi, n: uint8(len(name)), code: tagCodeOf([]byte(name))}
	}
	return t
}

// findName returns the code of the name of k bytes that starts the 16
// bytes whose words are lo and hi, and whether the table holds it.
func (t *tagNameTable) findName(lo, hi uint64, k int) (tagCode, bool) {
	// The bits of the name: a shift of 64 or more leaves none of 1, so
	// that the mask is all ones (a name past 16 bytes, which the table
	// has not, keeps all).
	m := uint(8 * k)
	return t.find(lo&(1<<m-1), hi&(1<<(max(m, 64)-64)-1), k)
}

// find returns the code of the name of n bytes whose words are lo and hi,
// and whether the table holds it.
func (t *tagNameTable) find(lo, hi uint64, n int) (tagCode, bool) {
	s := &t.slots[tagNameSlotOf(lo, hi)]
	return s.code, s.lo == lo && s.hi == hi && int(s.n) == n
}
