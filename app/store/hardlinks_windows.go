package store

import (
	"os"

	"golang.org/x/sys/windows"
)

// hardLinks returns how many names (hard links) the file at path has; ok
// is false where it cannot be read. Windows' FileInfo does not carry the
// count: the file's handle gives it.
func hardLinks(path string, _ os.FileInfo) (n uint64, ok bool) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return 0, false
	}
	h, err := windows.CreateFile(p, windows.FILE_READ_ATTRIBUTES,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil,
		windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return 0, false
	}
	defer windows.CloseHandle(h)
	var d windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &d); err != nil {
		return 0, false
	}
	return uint64(d.NumberOfLinks), true
}
