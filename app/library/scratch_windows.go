package library

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/windows"
)

// scratchFile returns a new temporary file that is nobody's to clean up.
// Windows removes no file that is open, so it is made to go when it is
// closed (FILE_FLAG_DELETE_ON_CLOSE), by us or by the end of the process.
func scratchFile(pattern string) (*os.File, error) {
	var r [8]byte
	rand.Read(r[:])
	name := filepath.Join(os.TempDir(), strings.Replace(pattern, "*", hex.EncodeToString(r[:]), 1))
	p, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return nil, fmt.Errorf("temporary file %s: %w", name, err)
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil,
		windows.CREATE_NEW, windows.FILE_ATTRIBUTE_TEMPORARY|windows.FILE_FLAG_DELETE_ON_CLOSE, 0)
	if err != nil {
		return nil, &os.PathError{Op: "create", Path: name, Err: err}
	}
	return os.NewFile(uintptr(h), name), nil
}
