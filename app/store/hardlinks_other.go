//go:build !windows

package store

import "os"

// hardLinks returns how many names (hard links) the file of fi has; ok is
// false where the system does not say.
func hardLinks(_ string, fi os.FileInfo) (n uint64, ok bool) {
	_, _, n, ok = fileID(fi)
	return n, ok
}
