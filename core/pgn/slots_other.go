//go:build !linux

package pgn

// newSlotArray returns an array of n empty slots.
func newSlotArray(n int) *slotArray { return &slotArray{s: make([]internSlot, n)} }
