package store

import (
	"os"
	"syscall"
)

// ChangeTime returns the time the file of fi last changed, contents or
// metadata, in Unix nanoseconds (0 where the system does not say): unlike
// the modification time, no program can set it back.
func ChangeTime(fi os.FileInfo) int64 {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	return st.Ctim.Nano()
}
