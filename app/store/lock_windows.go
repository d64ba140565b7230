package store

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/windows"
)

// lockFile opens path for this process alone: Windows' share mode is the
// lock, and a second window's open of it fails with a sharing violation
// (ok false). The file goes when its handle closes, at unlockFile or at
// the end of the process, so a crashed window leaves no lock behind.
func lockFile(path string) (*os.File, bool, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, false, fmt.Errorf("lock %s: %w", path, err)
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE, 0, nil,
		windows.OPEN_ALWAYS, windows.FILE_ATTRIBUTE_NORMAL|windows.FILE_FLAG_DELETE_ON_CLOSE, 0)
	if errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_ACCESS_DENIED) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, &os.PathError{Op: "lock", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), true, nil
}

func unlockFile(f *os.File) { f.Close() }
