package store

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Reasons a save is refused, which the user can act on (reload, Save as,
// confirm): a *FileError wraps one of them, so the UI tells them apart
// with errors.Is.
var (
	// ErrFileChanged says the file is no longer as it was read: writing
	// the game at the place it was read from could overwrite another one.
	ErrFileChanged = errors.New("the file changed on disk since it was read")
	// ErrReadOnly says the file's own permissions forbid writing it.
	ErrReadOnly = errors.New("the file is read-only")
	// ErrHardLinked says the file has other names (hard links), which a
	// save, a new file renamed over the old, would leave with the old text.
	ErrHardLinked = errors.New("the file has several hard links")
	// ErrPartialGame says the game was read with problems that dropped
	// part of it: saving writes only what was read.
	ErrPartialGame = errors.New("the game was not read to its end")
	// ErrNotRegular says the path names no regular file (a FIFO, a device,
	// a folder): it is neither read nor written.
	ErrNotRegular = errors.New("not a regular file")
	// ErrSameFile says an export was asked to write over the file it
	// takes its games from, which would keep only those games.
	ErrSameFile = errors.New("the file to write is the file read")
	// ErrUnencodable says the game holds characters the file's charset
	// cannot hold (Cyrillic in a Latin-1 file): nothing is written, never
	// a '?'; the file can be converted to UTF-8 (ConvertKeeping), or the
	// game saved elsewhere. An *UnencodableError matches it.
	ErrUnencodable = errors.New("the file's character set cannot hold the game's text")
	// ErrNoSpace says the disk (or the user's quota) had no room for the
	// new file: the old one is as it was.
	ErrNoSpace = errors.New("no space left on the disk")
	// ErrReadOnlyDisk says the file's disk is mounted read-only: nothing
	// in its folder can be written.
	ErrReadOnlyDisk = errors.New("the disk is read-only")
	// ErrFolderNotWritable says the folder's permissions allow no new
	// file in it, which a save writes before it replaces the old one.
	ErrFolderNotWritable = errors.New("the folder allows no writing")
)

// FileError is a save refused for one of the reasons above, with what was
// found, in words for the user.
type FileError struct {
	Path   string
	Err    error  // one of the reasons above, or an *UnencodableError
	Detail string // what was found
}

// Error returns "save NAME: REASON: DETAIL".
func (e *FileError) Error() string {
	s := "save " + filepath.Base(e.Path) + ": " + e.Err.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the reason.
func (e *FileError) Unwrap() error { return e.Err }

// regularFile returns f, just opened from path, with its FileInfo; it
// closes f and fails when f cannot be examined or is not a regular file.
// OpenRegular ends with it on every system.
func regularFile(f *os.File, path string) (*os.File, os.FileInfo, error) {
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, notRegular(path)
	}
	return f, fi, nil
}

// notRegular is OpenRegular's error for a path that names no regular file.
func notRegular(path string) error {
	return &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
}

// WriteFileAtomic writes data to path so that a crash leaves either the old
// file or the new one, never a mix: a temporary file in the same folder is
// written, synced and renamed over path, and the folder is synced. An
// existing file keeps its permissions; a symbolic link stays one, and its
// target is written. A read-only file, or one with several hard links, is
// refused with a *FileError.
func WriteFileAtomic(path string, data []byte) error {
	return WriteAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomic is WriteFileAtomic with the contents written by write as
// they come: nothing of path changes until write returns nil, so path may
// be one of the files write reads.
func WriteAtomic(path string, write func(io.Writer) error) error {
	_, err := writeAtomic(path, write)
	return err
}

// writeAtomic is WriteFileAtomic with the contents written by write, through
// a buffer: a large file need not be in memory at once. It returns the new
// file's stamp.
func writeAtomic(path string, write func(io.Writer) error) (st Stamp, err error) {
	target := ResolveLinks(path)
	dir := filepath.Dir(target)
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(target); err == nil {
		if err := checkWritable(target, fi); err != nil {
			return st, err
		}
		mode = fi.Mode().Perm()
	}
	RemoveStaleTemps(target)
	f, err := os.CreateTemp(dir, tempPrefix(target)+"*")
	if err != nil {
		return st, saveFailure(path, err)
	}
	// Locked while it is written: RemoveStaleTemps leaves it alone.
	lockTemp(f)
	tmp := f.Name()
	defer func() {
		f.Close()
		if err != nil {
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	if err = write(bw); err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = f.Chmod(mode)
	}
	var fi os.FileInfo
	if err == nil {
		fi, err = f.Stat()
	}
	if err == nil {
		err = replaceWith(f, tmp, target)
	}
	if err != nil {
		var fe *FileError
		if errors.As(err, &fe) {
			return st, err
		}
		return st, saveFailure(path, err)
	}
	if d, derr := os.Open(dir); derr == nil {
		d.Sync() // best effort: not every file system syncs folders
		d.Close()
	}
	return StampOf(fi), nil
}

// saveFailure returns the error of a save of path that failed with err
// while its temporary file was made, written or renamed: path itself is
// untouched then (the temporary file is removed). A full disk, a read-only
// disk and a folder that allows no writing are a *FileError that names
// path, not the temporary file, whose name means nothing to the user.
func saveFailure(path string, err error) error {
	var reason error
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		reason = ErrNoSpace
	case errors.Is(err, syscall.EROFS):
		reason = ErrReadOnlyDisk
	case errors.Is(err, fs.ErrPermission):
		reason = ErrFolderNotWritable
	default:
		return fmt.Errorf("save %s: %w", path, err)
	}
	detail := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		detail = pe.Op + ": " + pe.Err.Error() // without the temporary file's name
	}
	return &FileError{Path: path, Err: reason, Detail: detail + "; " + filepath.Base(path) + " is unchanged"}
}

// ResolveLinks returns the file that path names through symbolic links,
// or path itself when it is no link or leads nowhere yet.
func ResolveLinks(path string) string {
	if t, err := filepath.EvalSymlinks(path); err == nil {
		return t
	}
	return path
}

// checkWritable refuses a file that a save must not replace: one that is
// not regular, one whose permissions forbid writing (the folder's would
// allow the rename), one with other hard links (they would keep the old
// text).
func checkWritable(path string, fi os.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return &FileError{Path: path, Err: ErrNotRegular, Detail: "it is " + KindOf(fi.Mode())}
	}
	if !writableByUs(path, fi) {
		return &FileError{Path: path, Err: ErrReadOnly,
			Detail: fmt.Sprintf("its permissions (%04o) allow no writing; use Save as to write the game elsewhere", fi.Mode().Perm())}
	}
	if links, ok := hardLinks(path, fi); ok && links > 1 {
		return &FileError{Path: path, Err: ErrHardLinked,
			Detail: fmt.Sprintf("it has %d names (hard links), and a save writes a new file that only this name would show; use Save as to write the game elsewhere", links)}
	}
	return nil
}

// KindOf names the kind of a file of mode m for a message: "a folder", "a
// pipe (FIFO)", "a regular file".
func KindOf(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// tempPrefix is how the temporary files of saves of path begin; a random
// number follows.
func tempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// RemoveStaleTemps removes the temporary files that saves of path left
// behind when they were killed: ours, named by tempPrefix, and written by
// nobody now. A save in progress holds its file locked.
func RemoveStaleTemps(path string) {
	dir, prefix := filepath.Dir(path), tempPrefix(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok || rest == "" || strings.Trim(rest, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := e.Info(); err == nil && tempAbandoned(p, fi) {
			os.Remove(p)
		}
	}
}
