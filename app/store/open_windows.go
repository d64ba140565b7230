package store

import (
	"os"

	"golang.org/x/sys/windows"
)

// openReading opens path for reading and lets others rename, replace or
// remove it meanwhile (FILE_SHARE_DELETE), as Linux does: a save writes a
// new file over the one the window reads its games from, and os.Open's
// file would make Windows refuse that rename ("Access denied").
func openReading(path string) (*os.File, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil,
		windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}
