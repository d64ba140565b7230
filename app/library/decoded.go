package library

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"touchmove/core/charset"
)

// decodedKeep is how many decoded copies the cache folder keeps, the most
// recently used.
const decodedKeep = 4

// decodedCopy returns the decoded text of the file f at path, of format
// (gzip, UTF-16 or UTF-32), as a file opened read-only: a copy in
// dir/decoded named by the file's path, size, time and content
// fingerprint, made now unless it is there. With no dir the copy is a
// temporary file, removed once open (it lives as long as the handle).
func decodedCopy(ctx context.Context, f *os.File, path string, format charset.Format, dir string) (*os.File, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	sum, err := fingerprint(ctx, f, fi.Size())
	if err != nil {
		return nil, err
	}
	st := stampOf(path, fi)
	key := sha256.Sum256([]byte(st.path + "\x00" + strconv.FormatInt(st.size, 10) + "\x00" +
		strconv.FormatInt(st.mtime, 10) + "\x00" + strconv.FormatUint(sum, 16) + "\x00" + format.String()))
	if dir != "" {
		dir = filepath.Join(dir, "decoded")
		name := filepath.Join(dir, hex.EncodeToString(key[:16])+".pgn")
		if c, err := os.Open(name); err == nil {
			now := time.Now()
			_ = os.Chtimes(name, now, now) // recently used; pruning goes by it
			return c, nil
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
		tmp, err := os.CreateTemp(dir, ".decoding-*")
		if err != nil {
			return nil, err
		}
		if err := decodeInto(ctx, tmp, f, format); err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
			return nil, err
		}
		if err := tmp.Close(); err != nil {
			os.Remove(tmp.Name())
			return nil, err
		}
		if err := os.Rename(tmp.Name(), name); err != nil {
			os.Remove(tmp.Name())
			return nil, err
		}
		pruneDecoded(dir, decodedKeep)
		return os.Open(name)
	}
	tmp, err := scratchFile("touchmove-decoded-*.pgn")
	if err != nil {
		return nil, err
	}
	if err := decodeInto(ctx, tmp, f, format); err != nil {
		tmp.Close()
		return nil, err
	}
	return tmp, nil
}

// decodeInto writes the decoded text of f, of format, to w.
func decodeInto(ctx context.Context, w io.Writer, f *os.File, format charset.Format) error {
	var r io.Reader = io.NewSectionReader(f, 0, 1<<62)
	if format == charset.Gzip {
		zr, err := gzip.NewReader(bufio.NewReaderSize(r, 1<<20))
		if err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
		defer zr.Close()
		r = zr
	} else {
		r = charset.NewWideReader(bufio.NewReaderSize(r, 1<<20), format)
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	buf := make([]byte, 1<<20)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		n, err := r.Read(buf)
		if _, werr := bw.Write(buf[:n]); werr != nil {
			return werr
		}
		if err == io.EOF {
			return bw.Flush()
		}
		if err != nil {
			return fmt.Errorf("%s: %w", format, err)
		}
	}
}

// pruneDecoded removes all but the keep most recently used copies in dir.
func pruneDecoded(dir string, keep int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type copyFile struct {
		name string
		used int64
	}
	var copies []copyFile
	for _, e := range entries {
		if info, err := e.Info(); err == nil && filepath.Ext(e.Name()) == ".pgn" {
			copies = append(copies, copyFile{e.Name(), info.ModTime().UnixNano()})
		}
	}
	slices.SortFunc(copies, func(a, b copyFile) int { return cmp.Compare(b.used, a.used) })
	for _, c := range copies[min(keep, len(copies)):] {
		os.Remove(filepath.Join(dir, c.name))
	}
}
