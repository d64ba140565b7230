package store_test

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"touchmove/app/store"
)

// A save that the disk cannot take (full, read-only, a folder that allows
// no writing) names the user's file and says it is untouched; it never names
// the temporary file the save wrote (".db.pgn.tmp-3043531667"), and leaves
// none behind.
func TestSaveFailureNamesTheUsersFile(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"disk full", syscall.ENOSPC, store.ErrNoSpace},
		{"quota", syscall.EDQUOT, store.ErrNoSpace},
		{"read-only disk", syscall.EROFS, store.ErrReadOnlyDisk},
		{"folder not writable", syscall.EACCES, store.ErrFolderNotWritable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "db.pgn")
			const old = "[Event \"A\"]\n\n1. e4 *\n"
			if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			// The write fails as the temporary file's write does when the
			// buffer reaches the disk.
			err := store.WriteAtomic(path, func(w io.Writer) error {
				if _, err := io.WriteString(w, "[Event \"B\"]\n"); err != nil {
					return err
				}
				return &fs.PathError{Op: "write", Path: filepath.Join(dir, ".db.pgn.tmp-3043531667"), Err: tc.err}
			})
			var fe *store.FileError
			if !errors.As(err, &fe) || !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want a *FileError of %v", err, tc.want)
			}
			if fe.Path != path || strings.Contains(err.Error(), ".tmp-") || !strings.Contains(err.Error(), "db.pgn is unchanged") {
				t.Errorf("error %q (path %s): want db.pgn named as unchanged, no temporary file", err, fe.Path)
			}
			if data, _ := os.ReadFile(path); string(data) != old {
				t.Errorf("db.pgn now holds %q", data)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("%d files left in the folder, want db.pgn alone", len(entries))
			}
		})
	}
}
