//go:build unix

package store

import (
	"os"
	"syscall"
)

// fileID returns the device and inode of the file of fi and its number of
// hard links; ok is false where the system does not say.
func fileID(fi os.FileInfo) (dev, ino, links uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), uint64(st.Nlink), true
}

// OpenRegular opens the file at path for reading and fails, without
// blocking, when it is not a regular file: opening a FIFO for reading
// otherwise waits for a writer.
func OpenRegular(path string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	return regularFile(f, path)
}

// lockTemp takes an exclusive lock on our temporary file f for as long as
// it is open, or the process lives: a stale one is one nobody locks. Where
// the file system takes no locks, the file is left unlocked: another window
// may then take it for stale and remove it, and the save that wrote it
// fails with an error rather than writing anything wrong.
func lockTemp(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }

// tempAbandoned reports whether nobody is writing the temporary file at
// path any more: its lock can be taken.
func tempAbandoned(path string, _ os.FileInfo) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}

// writableByUs reports whether the file at path, of fi, may be written by this
// process: its owner's write bit for the owner, and for anyone (root
// included) some write bit at all. A file nobody may write is read-only
// even for root, who could override it.
func writableByUs(path string, fi os.FileInfo) bool {
	perm := fi.Mode().Perm()
	if perm&0o222 == 0 {
		return false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	switch uid := os.Geteuid(); {
	case uid == 0:
		return true
	case uint32(uid) == st.Uid:
		return perm&0o200 != 0
	default:
		return syscall.Access(path, 2) == nil // W_OK
	}
}
