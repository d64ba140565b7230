package scoresheet

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"

	"touchmove/app/store"
)

// ErrNotPDF says the file a scoresheet was to be written to exists and is no
// PDF: a PGN file chosen by mistake in a save dialog is never replaced.
var ErrNotPDF = errors.New("the file is not a PDF: a scoresheet replaces only a PDF")

// WriteFile draws s on paper and writes the PDF to path atomically
// (store.WriteFileAtomic). A file already at path is replaced only when it
// is a PDF, such as the sheet written before, or empty; any other file
// fails with an *fs.PathError wrapping ErrNotPDF.
func (s *Sheet) WriteFile(path string, paper Paper) error {
	return WritePDFFile(path, func(w io.Writer) error { return s.WritePDF(w, paper) })
}

// WritePDFFile writes the PDF that write makes to path atomically, with
// the scoresheet's care: a file already at path is replaced only when it
// is a PDF or empty; any other fails with an *fs.PathError wrapping
// ErrNotPDF.
func WritePDFFile(path string, write func(w io.Writer) error) error {
	if err := replaceable(path); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return store.WriteFileAtomic(path, buf.Bytes())
}

// replaceable checks that path names no file, an empty one, or a PDF.
func replaceable(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 5)
	n, err := io.ReadFull(f, head)
	if n == 0 && err == io.EOF {
		return nil // empty: nothing to lose
	}
	if err != nil || string(head) != "%PDF-" {
		return &fs.PathError{Op: "write scoresheet", Path: path, Err: ErrNotPDF}
	}
	return nil
}
