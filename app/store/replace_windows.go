package store

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// replaceWith renames the written temporary file f, at tmp, over target.
// Windows refuses to rename a file that is still open ("Sharing
// violation"), so f is closed first; stale temporary files are told by
// their age here (tempAbandoned), so no other window takes it meanwhile.
//
// Windows also refuses to rename over a file that is open, as the file
// whose games the window lists is (opened to allow it: openReading). Such a
// file may be renamed, though: it is moved aside to a name of its own, the
// new file takes its name, and the old one is removed, for good once its
// readers close it. They read the old text until then, as on Linux. Should
// the computer stop between the two renames, both files are kept, the old
// one as .NAME.old-N, and the error of a save would name it.
func replaceWith(f *os.File, tmp, target string) error {
	if err := f.Close(); err != nil {
		return err
	}
	err := os.Rename(tmp, target)
	if err == nil || !inUse(err) {
		return err
	}
	var r [6]byte
	rand.Read(r[:])
	old := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".old-"+hex.EncodeToString(r[:]))
	if aerr := os.Rename(target, old); aerr != nil {
		return err // the file is open without leave to rename it: the first error says so
	}
	if err := os.Rename(tmp, target); err != nil {
		if berr := os.Rename(old, target); berr != nil {
			return fmt.Errorf("%w; the file is kept as %s", err, old)
		}
		return err
	}
	os.Remove(old) // gone once its readers close it
	return nil
}

// inUse reports whether err is Windows' refusal to rename over a file that
// is open.
func inUse(err error) bool {
	return errors.Is(err, windows.ERROR_ACCESS_DENIED) || errors.Is(err, windows.ERROR_SHARING_VIOLATION)
}
